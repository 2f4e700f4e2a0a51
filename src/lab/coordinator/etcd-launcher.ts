/**
 * A throwaway single-node etcd for one lab run: loopback ports found free
 * (etcd's gateway breaks with port 0, so we pick them, and retry with new
 * ones if one was taken meanwhile), a temp data dir, a short heartbeat and
 * election timeout (etcd's minimum lease TTL is 1.5 × the election timeout,
 * so 250 ms keeps a 1 s lease possible). Ready means a lease can be
 * granted, not merely /health. Logs go to a file in the data dir, never to
 * our stdout/stderr.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { freeLoopbackPort } from '../../platform/free-port.js';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { within } from '../processes/children.js';
import { LabUnavailableError } from '../types.js';
import { EtcdClient } from './etcd-client.js';

export const ETCD_INSTALL_HINT =
  'etcd was not found. Install it (Debian/Ubuntu: `sudo apt-get install etcd-server`; macOS: `brew install etcd`), ' +
  'pass --etcd-bin PATH, or use a running cluster with --etcd-endpoints URL';

export interface LaunchedEtcd {
  endpoint: string;
  pid: number;
  argv: string[];
  dataDir: string;
  startMs: number;
  stop(): Promise<void>;
}

/** The etcd binary: `--etcd-bin` if given (must be executable), else `etcd` on PATH. */
export function findEtcd(explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = explicit
    ? [explicit]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, 'etcd'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

export async function launchEtcd(opts: {
  bin: string;
  onSpawn?: (pid: number, argv: string[], dataDir: string, stop: () => Promise<void>) => void;
  attempts?: number;
}): Promise<LaunchedEtcd> {
  const started = performance.now();
  let lastError = '';
  for (let attempt = 0; attempt < (opts.attempts ?? 3); attempt++) {
    const [clientPort, peerPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    if (clientPort === peerPort) continue;
    const dataDir = mkdtempSync(join(tmpdir(), 'fence-tutor-etcd-'));
    const client = `http://127.0.0.1:${clientPort}`;
    const peer = `http://127.0.0.1:${peerPort}`;
    const argv = [
      opts.bin,
      '--name',
      'fence-tutor-lab',
      '--data-dir',
      join(dataDir, 'data'),
      '--listen-client-urls',
      client,
      '--advertise-client-urls',
      client,
      '--listen-peer-urls',
      peer,
      '--initial-advertise-peer-urls',
      peer,
      '--initial-cluster',
      `fence-tutor-lab=${peer}`,
      '--initial-cluster-state',
      'new',
      '--heartbeat-interval',
      '25',
      '--election-timeout',
      '250',
      '--log-level',
      'warn',
    ];
    const logPath = join(dataDir, 'etcd.log');
    const proc = spawnEtcd(argv, logPath);
    const pid = proc.pid;
    if (pid === undefined) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new LabUnavailableError(`could not start ${opts.bin}`);
    }
    let exited = false;
    const exitedPromise = new Promise<void>((resolve) =>
      proc.once('exit', () => {
        exited = true;
        resolve();
      }),
    );
    const stop = async () => {
      if (!exited) {
        proc.kill('SIGTERM');
        if (!(await within(exitedPromise, 2000))) {
          proc.kill('SIGKILL');
          await within(exitedPromise, 2000);
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    };
    // With its stop: an interrupt while etcd starts must end it too, not only a ready one.
    opts.onSpawn?.(pid, argv, dataDir, stop);
    const etcd = new EtcdClient([client]);
    const deadline = performance.now() + 10_000;
    while (!exited && performance.now() < deadline) {
      if (await etcd.canGrant()) {
        return { endpoint: client, pid, argv, dataDir, startMs: performance.now() - started, stop };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    lastError = tail(logPath);
    await stop();
    if (!/address already in use/i.test(lastError)) break;
  }
  throw new LabUnavailableError(`the throwaway etcd did not become ready${lastError ? `:\n${lastError}` : ''}`);
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts etcd with `argv` in its own process group, its output appended to
 * `logPath` (never our stdout: a stopped orphan must not hold a CI pipe),
 * and without our ETCD_* variables, which would override its flags.
 */
export function spawnEtcd(argv: string[], logPath: string): ChildProcess {
  const logFd = openSync(logPath, 'a');
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ETCD_')));
  try {
    return spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', logFd, logFd], env, detached: true });
  } finally {
    closeSync(logFd);
  }
}
