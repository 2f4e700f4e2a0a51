/**
 * Reaping what a killed run left: only pids that still run the recorded
 * command line are ended (pids are reused), stopped ones included.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLabTempDir, reapLeftovers } from '../../src/lab/processes/pidfile.js';
import { commandLineOf, isAlive, processState } from '../../src/lab/processes/proc.js';
import { stillAlive } from './helpers.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const started: ChildProcess[] = [];
afterEach(() => {
  for (const c of started.splice(0)) {
    try {
      process.kill(c.pid!, 'SIGCONT');
      c.kill('SIGKILL');
    } catch {
      // gone
    }
  }
});

async function idleChild(tag: string): Promise<{ pid: number; argv: string[] }> {
  const argv = [process.execPath, '-e', `setInterval(() => {}, 1000) /* ${tag} */`];
  const child = spawn(argv[0]!, argv.slice(1), { stdio: 'ignore' });
  started.push(child);
  for (let i = 0; i < 100 && !commandLineOf(child.pid!)?.includes(argv[2]!); i++) await new Promise((r) => setTimeout(r, 10));
  return { pid: child.pid!, argv };
}

function writePidfile(dir: string, runner: { pid: number; argv: string[] }, children: { pid: number; argv: string[] }[], tempDirs: string[] = []) {
  const path = join(dir, `lab-test-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      schemaVersion: 1,
      version: '0',
      runId: 'x',
      startedAt: new Date().toISOString(),
      runner,
      children: children.map((c, i) => ({ role: `c${i}`, ...c })),
      tempDirs,
    }),
  );
  return path;
}

describe('pidfile reaping', () => {
  it('ends a stopped leftover of a dead runner, removes its temp dir, and leaves a reused pid alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-run-'));
    const leftover = await idleChild('leftover');
    process.kill(leftover.pid, 'SIGSTOP');
    for (let i = 0; i < 100 && processState(leftover.pid) !== 'T'; i++) await new Promise((r) => setTimeout(r, 10));
    expect(processState(leftover.pid)).toBe('T');
    const stranger = await idleChild('stranger');
    const temp = mkdtempSync(join(tmpdir(), 'fence-etcd-'));
    const path = writePidfile(
      dir,
      { pid: 2 ** 22 + 7, argv: ['gone'] },
      [leftover, { pid: stranger.pid, argv: [process.execPath, 'lab-worker', 'not what it runs'] }],
      [temp],
    );
    const report = await reapLeftovers(dir);
    expect(report.ended).toEqual([leftover.pid]);
    expect(await stillAlive([leftover.pid])).toEqual([]);
    expect(isAlive(stranger.pid)).toBe(true);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(temp)).toBe(false);
  });

  it('leaves the run of a live runner alone, unless forced (the test teardown)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-run-'));
    const runner = await idleChild('runner');
    const child = await idleChild('child');
    const path = writePidfile(dir, runner, [child]);
    expect((await reapLeftovers(dir)).ended).toEqual([]);
    expect(existsSync(path)).toBe(true);
    expect((await reapLeftovers(dir, { force: true })).ended).toEqual([child.pid]);
    expect(existsSync(path)).toBe(false);
  });
});

describe('a damaged or hand-edited pidfile', () => {
  it('removes no folder the lab did not make, and skips entries of the wrong shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-run-'));
    const notOurs = mkdtempSync(join(tmpdir(), 'keep-me-'));
    const path = join(dir, 'lab-edited.json');
    writeFileSync(
      path,
      JSON.stringify({
        runner: { pid: 2 ** 22 + 7, argv: ['gone'] },
        children: { pid: process.pid },
        tempDirs: [notOurs, `${notOurs}/../${basename(notOurs)}`, 7],
      }),
    );
    const report = await reapLeftovers(dir);
    expect(report.ended).toEqual([]);
    expect(existsSync(notOurs)).toBe(true);
    expect(existsSync(path)).toBe(false);
    rmSync(notOurs, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('a lab temp folder is an absolute path named by mkdtemp with our prefix', () => {
    expect(isLabTempDir('/tmp/fence-tutor-etcd-AbC123')).toBe(true);
    expect(isLabTempDir('/tmp/fence-expiry-x1Y2z3')).toBe(true);
    for (const bad of ['/', '/home/ada', '/tmp', 'fence-etcd-AbC123', '/tmp/../home/fence-etcd-AbC123/..', '/tmp/fence-etcd-AbC123/..', '/tmp/fence-', '/']) {
      expect(isLabTempDir(bad), bad).toBe(false);
    }
    expect(isLabTempDir(['/tmp/fence-etcd-AbC123'])).toBe(false);
  });
});

describe('the test suite teardown', () => {
  it('reaps leftovers in the suite home and in per-test homes one level down', async () => {
    const { reapTestHomes } = await import('../helpers/reap-test-homes.js');
    const { mkdirSync } = await import('node:fs');
    const home = mkdtempSync(join(tmpdir(), 'fence-home-'));
    const inner = join(home, 'lab-test-x', 'run');
    mkdirSync(inner, { recursive: true });
    const leftover = await idleChild('teardown');
    writePidfile(inner, { pid: process.pid, argv: process.argv }, [leftover]);
    const warn = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(await reapTestHomes(home)).toEqual([leftover.pid]);
    } finally {
      process.stderr.write = warn;
    }
    expect(await stillAlive([leftover.pid])).toEqual([]);
  });
});
