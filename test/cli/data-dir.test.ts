/**
 * A data directory that cannot hold state: one line naming the path and the
 * fix, exit 2, no stack, for each command that uses it; commands that do not
 * use it (sim) are not affected. Read-only is tested as an unprivileged user
 * when the tests run as root (root writes through permission bits).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeDataDirError } from '../../src/platform/data-dir-check.js';
import { bin, ensureBuilt, runCli } from './cli-run.js';

beforeAll(() => ensureBuilt());

// Inside the suite's FENCE_TUTOR_HOME, which the global teardown removes.
const base = () => mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'bad-home-'));

const BROKEN: [string, () => { home: string; names: string }][] = [
  [
    'the data dir is a file',
    () => {
      const home = join(base(), 'home');
      writeFileSync(home, 'not a directory');
      return { home, names: home };
    },
  ],
  [
    'the data dir sits under a file',
    () => {
      const file = join(base(), 'file');
      writeFileSync(file, '');
      return { home: join(file, 'fence-tutor'), names: file };
    },
  ],
  [
    'progress.json is a directory',
    () => {
      const home = base();
      mkdirSync(join(home, 'progress.json'));
      return { home, names: join(home, 'progress.json') };
    },
  ],
  [
    'run/ is a file',
    () => {
      const home = base();
      writeFileSync(join(home, 'run'), '');
      return { home, names: join(home, 'run') };
    },
  ],
];

function oneLine(stderr: string, names: string): void {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(names);
  expect(lines[0]).toMatch(/Fix: /);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('a data directory that cannot be used', () => {
  for (const [name, make] of BROKEN) {
    it.each([['progress'], ['progress', '--json'], ['lab', '--json', '--ttl', '1'], ['quiz', '--mode', 'practice', '--plain']])(
      `${name}: %s exits 2 with one line`,
      (...args) => {
        const { home, names } = make();
        const r = runCli(args, { FENCE_TUTOR_HOME: home });
        expect(r.stdout).toBe('');
        oneLine(r.stderr, names);
        expect(r.status).toBe(2);
      },
    );
    it(`${name}: sim does not use the data dir and still runs`, () => {
      const r = runCli(['sim', '--scenario', 'late-write', '--json'], { FENCE_TUTOR_HOME: make().home });
      expect(r.status).toBe(0);
    });
  }

  it('read-only: the lab (which writes there) exits 2 naming the directory; reading progress still works', () => {
    // In the system temp dir: an unprivileged user must be able to reach it (the suite's home is 0700).
    const parent = mkdtempSync(join(tmpdir(), 'fence-read-only-home-'));
    chmodSync(parent, 0o755);
    const home = join(parent, 'home');
    mkdirSync(home, { mode: 0o555 });
    chmodSync(home, 0o555);
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const run = (args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, FENCE_TUTOR_HOME: home }, cwd: tmpdir(), ...asUser });
    const lab = run(['lab', '--json', '--ttl', '1']);
    oneLine(lab.stderr, home);
    expect(lab.stderr).toMatch(/not writable/);
    expect(lab.status).toBe(2);
    expect(run(['progress', '--json']).status).toBe(0);
    rmSync(parent, { recursive: true, force: true });
  });

  it('the safety net names a failing path inside the data dir, and leaves other errors alone', () => {
    const env = { FENCE_TUTOR_HOME: '/data/home' };
    const inside = Object.assign(new Error('x'), { code: 'EISDIR', path: '/data/home/review.json', syscall: 'read' });
    expect(describeDataDirError(inside, env)).toMatch(/\/data\/home\/review\.json.*EISDIR.*Fix:/);
    const outside = Object.assign(new Error('x'), { code: 'EISDIR', path: '/elsewhere/file', syscall: 'read' });
    expect(describeDataDirError(outside, env)).toBeUndefined();
    expect(describeDataDirError(new Error('plain'), env)).toBeUndefined();
  });
});
