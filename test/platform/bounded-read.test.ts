/**
 * Reading input files: at most the cap, regular files only, and a sentence
 * for every way a path can fail (the CLI turns it into "FILE: ... Fix: ...").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../src/content/shared/problems.js';
import { readContentText } from '../../src/content/shared/read-text.js';
import { BoundedReadError, readBoundedText } from '../../src/platform/bounded-read.js';

const dir = mkdtempSync(join(tmpdir(), 'bounded-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failure(path: string, cap = 1024): string {
  try {
    readBoundedText(path, cap);
  } catch (err) {
    expect(err).toBeInstanceOf(BoundedReadError);
    return (err as BoundedReadError).failure;
  }
  return 'read';
}

describe('readBoundedText', () => {
  it('reads a regular file up to the cap, and refuses one byte more', () => {
    const at = join(dir, 'exact.txt');
    writeFileSync(at, 'x'.repeat(1024));
    expect(readBoundedText(at, 1024)).toHaveLength(1024);
    writeFileSync(at, 'x'.repeat(1025));
    expect(failure(at)).toBe('too-large');
  });

  it('refuses /dev/zero (a device that never ends) without reading it', () => {
    expect(failure('/dev/zero', 1024 * 1024)).toBe('not-regular');
  });

  it('refuses a FIFO without blocking on it', () => {
    const fifo = join(dir, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    expect(failure(fifo)).toBe('not-regular');
  });

  it('names a loop of symbolic links, a dangling link, a directory and a missing file', () => {
    symlinkSync(join(dir, 'loop-b'), join(dir, 'loop-a'));
    symlinkSync(join(dir, 'loop-a'), join(dir, 'loop-b'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    expect(failure(join(dir, 'loop-a'))).toBe('link-loop');
    expect(failure(join(dir, 'dangling'))).toBe('dangling-link');
    expect(failure(dir)).toBe('directory');
    expect(failure(join(dir, 'absent'))).toBe('missing');
  });

  it('becomes a ContentError that names the file, the limit and the fix', () => {
    const big = join(dir, 'big.yaml');
    writeFileSync(big, 'x'.repeat(2048));
    try {
      readContentText(big, 'a scenario file', 'give a scenario file', 1024);
      expect.fail('read a file over the cap');
    } catch (err) {
      expect(err).toBeInstanceOf(ContentError);
      expect((err as ContentError).message).toBe(
        `${big}: the file is larger than the limit of 1 KiB for a scenario file. Fix: split it into smaller files (at most 1 KiB each)`,
      );
    }
  });
});
