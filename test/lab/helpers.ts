/**
 * Shared by the lab tests: the bundle's check (the lab's children run `node
 * bin/fence-tutor.js`, built once per run by test/global-setup.ts), running
 * the CLI, and checks on what is still running.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PidfileContent } from '../../src/lab/processes/pidfile.js';
import { isAlive, processState } from '../../src/lab/processes/proc.js';
import { waitUntil } from '../helpers/wait-until.js';

export { ensureBuilt } from '../helpers/build-once.js';

export const root = join(import.meta.dirname, '..', '..');
export const bin = join(root, 'bin', 'fence-tutor.js');

export function hasTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Tool-dependent tests: skip loudly when missing, fail under FENCE_REQUIRE_TOOLS=1. */
export function toolMissing(name: string): boolean {
  const missing = !hasTool(name);
  if (missing && process.env.FENCE_REQUIRE_TOOLS !== '1') {
    console.warn(
      `\n*** SKIPPING lab tests that need ${name}: it is not installed (apt-get install ${({ etcd: 'etcd-server', etcdctl: 'etcd-client' } as Record<string, string>)[name] ?? name}) ***\n`,
    );
    return true;
  }
  return false;
}

/**
 * A data directory of its own for a test, inside the suite's
 * FENCE_TUTOR_HOME, so the global teardown reaps and removes it too.
 */
export function tempHome(prefix = 'lab-test-'): string {
  return mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), prefix));
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 30_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`fence-tutor ${args.join(' ')} took over ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Waits (polling) until `pids` have all gone, up to `ms`; returns those still alive. */
export async function stillAlive(pids: number[], ms = 2000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const alive = pids.filter(isAlive);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function sqlite(db: string, sql: string): string {
  return execFileSync('sqlite3', ['-batch', db, sql], { encoding: 'utf8' });
}

/** Waits until a run's pidfile under `home` names A and A is stopped (SIGSTOP); returns that pidfile. */
export function whenAStopped(home: string, timeoutMs = 10_000): Promise<PidfileContent> {
  const dir = join(home, 'run');
  const stoppedRun = () => {
    try {
      for (const name of readdirSync(dir).filter((n) => n.startsWith('lab-'))) {
        const content = JSON.parse(readFileSync(join(dir, name), 'utf8')) as PidfileContent;
        const a = content.children.find((c) => c.role === 'A');
        if (a && processState(a.pid) === 'T') return content;
      }
    } catch {
      // not written yet
    }
    return undefined;
  };
  return waitUntil(stoppedRun, { timeout: timeoutMs, every: 10, what: 'A to be seen stopped (SIGSTOP)' });
}

/** PostgreSQL is found as the lab finds it (PATH or Debian's /usr/lib/postgresql/VERSION/bin), not by `command -v`. */
export async function postgresMissing(): Promise<boolean> {
  const { findPostgresBin } = await import('../../src/lab/postgres/postgres-server.js');
  if (findPostgresBin()) return false;
  if (process.env.FENCE_REQUIRE_TOOLS !== '1') {
    console.warn('\n*** SKIPPING tests that need PostgreSQL: it is not installed (apt-get install postgresql) ***\n');
    return true;
  }
  return false;
}

/** A run's token that must be a plain integer (etcd's revision, the embedded coordinator's, a Redis INCR): fails the test otherwise. */
export function integerToken(token: number | [number, number] | null | undefined): number {
  if (typeof token !== 'number' || !Number.isInteger(token)) throw new Error(`expected an integer token, got ${JSON.stringify(token)}`);
  return token;
}
