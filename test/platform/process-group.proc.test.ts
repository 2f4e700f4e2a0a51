/**
 * src/platform/process-group.ts: a group counts as alive while it has a live
 * member; a group left with only a zombie (its parent, in another group,
 * never reaps it) is gone, although kill(-pgid, 0) still succeeds for it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processState } from '../../src/lab/processes/proc.js';
import { processGroupAlive } from '../../src/platform/process-group.js';
import { waitUntil } from '../helpers/wait-until.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone already
    }
  }
});

function spawnGroup(args: string[]): ChildProcess {
  const child = spawn(args[0]!, args.slice(1), { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(child);
  return child;
}

describe('processGroupAlive', () => {
  it('is true while a member runs and false once the group is killed', async () => {
    const child = spawnGroup(['sh', '-c', 'sleep 30 & sleep 30']);
    expect(processGroupAlive(child.pid!)).toBe(true);
    process.kill(-child.pid!, 'SIGKILL');
    await waitUntil(() => !processGroupAlive(child.pid!), { timeout: 3000, what: 'the killed group to be gone' });
  });

  it.runIf(process.platform === 'linux')('a group whose only member is an unreaped zombie is gone', async () => {
    // The parent (its own group) forks a child into a new group; the child exits at once and the parent never waits for it.
    const parent = spawnGroup([
      'python3',
      '-c',
      'import os, sys, time\npid = os.fork()\nif pid == 0:\n    os.setpgid(0, 0)\n    os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)',
    ]);
    const zombiePid = await new Promise<number>((resolve) => parent.stdout!.once('data', (c: Buffer) => resolve(Number(c.toString().trim()))));
    // Wait until the child has exited and is a zombie: the parent prints its pid before the child may have run
    // (between setpgid and _exit it is a live member, and the group is rightly alive).
    await waitUntil(() => processState(zombiePid) === 'Z', { timeout: 3000, what: 'the child to be a zombie' });
    // The zombie still answers signal 0 (this is what made a killed sink look alive for seconds).
    expect(signalZeroReaches(-zombiePid)).toBe(true);
    expect(processGroupAlive(zombiePid)).toBe(false);
    expect(processGroupAlive(parent.pid!)).toBe(true);
  });
});

function signalZeroReaches(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch {
    return false;
  }
}
