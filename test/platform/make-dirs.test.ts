/**
 * makeDirs is `mkdir -p` made one folder at a time (src/platform/make-dirs.ts);
 * makeUserDirs says which flag to change. The /proc case, where Node 20's
 * recursive mkdir never returns, runs in child processes with a time limit:
 * test/cli/proc-paths.proc.test.ts.
 */
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeUserDirs } from '../../src/platform/atomic-file.js';
import { UsageError } from '../../src/platform/errors.js';
import { makeDirs } from '../../src/platform/make-dirs.js';

const dir = mkdtempSync(join(tmpdir(), 'ft-make-dirs-'));
const aFile = join(dir, 'a-file');
writeFileSync(aFile, 'x');

const codeOf = (run: () => void) => {
  try {
    run();
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
  return 'none';
};

describe('makeDirs', () => {
  it('makes every missing folder of a deep path, and a folder that exists is fine', () => {
    const deep = join(dir, 'a', 'b', 'c');
    makeDirs(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    makeDirs(deep);
    mkdirSync(join(dir, 'rel'));
    makeDirs(join(dir, 'rel', '..', 'rel', 'd'));
    expect(statSync(join(dir, 'rel', 'd')).isDirectory()).toBe(true);
  });

  it('throws as mkdirSync does when a file is in the way, at the end or on the way', () => {
    expect(codeOf(() => makeDirs(aFile))).toBe('EEXIST');
    expect(codeOf(() => makeDirs(join(aFile, 'x', 'y')))).toBe('ENOTDIR');
  });

  it('makeUserDirs names the folder, the reason and the flag', () => {
    let caught: unknown;
    try {
      makeUserDirs(join(aFile, 'out'), '--out');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as Error).message).toBe(
      `cannot make the folder ${join(aFile, 'out')}: a part of that path is a file, not a folder. Fix: give --out a folder you can write to`,
    );
  });
});
