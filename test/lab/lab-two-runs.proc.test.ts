/**
 * Two labs on one data directory: the second must never end the first (its
 * stale-run check once compared the recorded `process.argv` with
 * /proc/PID/cmdline, which differ for the `env node` bin and relative
 * paths, so the running lab looked dead and was reaped). The second is
 * refused with one line, exit 2, and leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { processState } from '../../src/lab/processes/proc.js';
import { bin, ensureBuilt, root, stillAlive, tempHome, whenAStopped } from './helpers.js';

beforeAll(() => ensureBuilt());

function run(command: string, args: string[], home: string) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, FENCE_TUTOR_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

// Concurrent: each case has its own data directory; each waits out the first
// run's 8 s lease. The limit allows for the two cases' runs side by side.
describe('two labs on one data directory', { concurrent: true, timeout: 60_000 }, () => {
  it.each([
    ['the env-node bin first, `node bin/...` (relative) second', [bin], ['node', 'bin/fence-tutor.js']],
    ['`node bin/...` (relative) first, the env-node bin second', ['node', 'bin/fence-tutor.js'], [bin]],
  ])('%s: the first runs to its verdict, the second is refused in one line, exit 2', async (_name, first, second) => {
    const home = tempHome('lab-two-');
    const one = run(first[0]!, [...first.slice(1), 'lab', '--json', '--ttl', '8'], home);
    const pidfile = await whenAStopped(home, 15_000);
    const two = await run(second[0]!, [...second.slice(1), 'lab', '--json', '--ttl', '1'], home).done;
    expect(two.code).toBe(2);
    expect(two.stdout).toBe('');
    expect(two.stderr.trim().split('\n')).toHaveLength(1);
    expect(two.stderr).toMatch(/another lab run is using the embedded coordinator/);
    // The first was not touched: A is still stopped, and its run ends as expected.
    expect(processState(pidfile.children.find((c) => c.role === 'A')!.pid)).toBe('T');
    const first1 = await one.done;
    expect(first1.stderr).toBe('');
    expect(first1.code).toBe(0);
    expect(JSON.parse(first1.stdout).verdict).toBe('expected');
    // Nothing of either run is left.
    expect(await stillAlive(pidfile.children.map((c) => c.pid))).toEqual([]);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});
