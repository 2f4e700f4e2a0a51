/**
 * Paths under /proc, where Node 20's recursive mkdir loops forever in one
 * synchronous call (no signal handler runs; only SIGKILL ends it): each flag
 * that makes folders is refused in one line with exit 2. Children with a time
 * limit, so a return of the loop fails here instead of hanging the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bin } from './cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const linux = existsSync('/proc/self');
const home = mkdtempSync(join(tmpdir(), 'ft-proc-paths-'));
const answers = join(home, 'answers.json');
writeFileSync(answers, '{"answers": {}}');

function run(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: home };
  delete env.CI;
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env, cwd: tmpdir(), timeout: 10_000, killSignal: 'SIGKILL' });
}

describe.runIf(linux)('a folder that cannot be made under /proc', () => {
  it.each([
    [
      ['quiz', '--seed', '1', '--count', '2', '--answers', answers, '--report', '/proc/fence-tutor-x/r.json'],
      /^fence-tutor: cannot write the report to \/proc\/fence-tutor-x\/r\.json: a folder on that path cannot be made\. Fix: give --report/,
    ],
    [
      ['exercise', 'start', 'fence-the-sink', '--dir', '/proc/fence-tutor-x/e'],
      /^fence-tutor: cannot make the folder \/proc\/fence-tutor-x\/e: a folder on that path cannot be made\. Fix: give --dir/,
    ],
    [['lab', '--out', '/proc/fence-tutor-x/lab', '--json'], /^fence-tutor: cannot make the folder \/proc\/fence-tutor-x\/lab: .* Fix: give --out/],
  ])('%j: exit 2, one line, nothing on stdout', (args, message) => {
    const r = run(args);
    expect(r.signal, 'killed at the time limit: the folder loop is back').toBeNull();
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});
