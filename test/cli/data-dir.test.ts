/**
 * A data directory that cannot hold state: one line naming the path and the
 * fix, exit 2, no stack, for each command that uses it; commands that do not
 * use it (sim) are not affected. In process (no build); the read-only case
 * runs the built CLI as another user: data-dir-read-only.proc.test.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDataDirError } from '../../src/platform/data-dir-check.js';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';

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
      async (...args) => {
        const { home, names } = make();
        const r = await runCli(args, { FENCE_TUTOR_HOME: home });
        expect(r.stdout).toBe('');
        oneLine(r.stderr, names);
        expect(r.status).toBe(2);
      },
    );
    it(`${name}: sim does not use the data dir and still runs`, async () => {
      const r = await runCli(['sim', '--scenario', 'late-write', '--json'], { FENCE_TUTOR_HOME: make().home });
      expect(r.status).toBe(0);
    });
  }

  it('the safety net names a failing path inside the data dir, and leaves other errors alone', () => {
    const env = { FENCE_TUTOR_HOME: '/data/home' };
    const inside = Object.assign(new Error('x'), { code: 'EISDIR', path: '/data/home/review.json', syscall: 'read' });
    expect(describeDataDirError(inside, env)).toMatch(/\/data\/home\/review\.json.*EISDIR.*Fix:/);
    const outside = Object.assign(new Error('x'), { code: 'EISDIR', path: '/elsewhere/file', syscall: 'read' });
    expect(describeDataDirError(outside, env)).toBeUndefined();
    expect(describeDataDirError(new Error('plain'), env)).toBeUndefined();
  });
});
