/**
 * Interrupting a run while A is stopped: Ctrl-C (SIGINT) exits 130, SIGTERM
 * 143, and nothing the run started is left (A continued, then ended; B, the
 * sink and the coordinator ended; the pidfile gone). A SIGKILL of the
 * runner cannot be handled; the next run reaps what it left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bin, ensureBuilt, root, runCli, stillAlive, tempHome, whenAStopped } from './helpers.js';

beforeAll(() => ensureBuilt());

function startLab(home: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [bin, 'lab', '--json', '--ttl', '8', ...args], {
    cwd: root,
    env: { ...process.env, FENCE_TUTOR_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr, stdout })));
}

// Concurrent: each run has its own data directory; the signal follows A's
// stop, read from the run's pidfile, so runs side by side reach it all the same.
describe('interrupting a lab run while A is stopped', { concurrent: true, timeout: 60_000 }, () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s: exit %i, every child ended, the pidfile removed', async (signal, status) => {
    const home = tempHome();
    const runner = startLab(home);
    const done = exited(runner);
    const pidfile = await whenAStopped(home);
    expect(pidfile.children.map((c) => c.role).sort()).toEqual(['A', 'B', 'coordinator', 'sink']);
    runner.kill(signal);
    const { code, stdout } = await done;
    expect(code).toBe(status);
    expect(stdout).toBe('');
    expect(await stillAlive(pidfile.children.map((c) => c.pid))).toEqual([]);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });

  it('SIGKILL of the runner: every child ends by itself, stopped A included (the guardian, issue 38); the next run clears the pidfile', async ({ expect }) => {
    const home = tempHome();
    const runner = startLab(home);
    const done = exited(runner);
    const pidfile = await whenAStopped(home);
    runner.kill('SIGKILL');
    await done;
    // The workers' stdin and the guardian's pipe closed with the runner: A, stopped, is killed by the guardian.
    expect(
      await stillAlive(
        pidfile.children.map((c) => c.pid),
        10_000,
      ),
    ).toEqual([]);
    // The next run reaps what the pidfile still names (the second line) and leaves no pidfile.
    const next = await runCli(['lab', '--json', '--ttl', '0.5'], { FENCE_TUTOR_HOME: home });
    expect(next.code).toBe(0);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});
