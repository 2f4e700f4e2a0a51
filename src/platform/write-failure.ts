/**
 * A write the machine refused (disk full, read-only, no permission) in one
 * line naming the path, the cause and the fix (exit 2), instead of
 * "unexpected error" and a stack (issue 38, D8). A write through a file
 * descriptor names no path: the writers (atomic-file.ts, file-lock.ts) add
 * the path they were writing before the error leaves them.
 */
import { closeSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const CAUSES: Record<string, { words: string; fix: string }> = {
  ENOSPC: { words: 'the disk is full', fix: 'free some space on that disk, or use a folder on another disk (FENCE_TUTOR_HOME for the data directory)' },
  EDQUOT: { words: 'your disk quota is used up', fix: 'free some space, or use a folder on another disk (FENCE_TUTOR_HOME for the data directory)' },
  EROFS: { words: 'the file system is read-only', fix: 'use a folder on a writable disk (FENCE_TUTOR_HOME for the data directory)' },
  EACCES: { words: 'permission denied', fix: 'make it writable for you, or use a folder of your own (FENCE_TUTOR_HOME for the data directory)' },
  EPERM: { words: 'operation not permitted', fix: 'make it writable for you, or use a folder of your own (FENCE_TUTOR_HOME for the data directory)' },
  EIO: { words: 'the disk reported an I/O error', fix: 'check the disk, or use a folder on another disk (FENCE_TUTOR_HOME for the data directory)' },
};

/** The one line for a refused write, or undefined when `err` is not one. */
export function describeWriteFailure(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  if (!e || typeof e.code !== 'string') return undefined;
  const cause = CAUSES[e.code];
  if (!cause) return undefined;
  const where = typeof e.path === 'string' ? e.path : 'a file';
  return `cannot write ${where}: ${cause.words} (${e.code}). Fix: ${cause.fix}`;
}

/** Gives an error from a write through a descriptor the path it was writing, for describeWriteFailure. */
export function withPath(err: unknown, path: string): unknown {
  const e = err as NodeJS.ErrnoException | undefined;
  if (e && typeof e === 'object' && typeof e.code === 'string' && e.path === undefined) e.path = path;
  return err;
}

/**
 * Writes and removes a small file in `dir`, so a run that will write there
 * later (the lab's evidence, after it has waited out a lease) learns at once
 * that it cannot: the error carries the path, for describeWriteFailure.
 */
export function probeWritable(dir: string, bytes = 64 * 1024): void {
  const probe = join(dir, `.fence-write-check-${process.pid}`);
  try {
    const fd = openSync(probe, 'w', 0o644);
    try {
      writeSync(fd, Buffer.alloc(bytes));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    throw withPath(err, dir);
  } finally {
    try {
      unlinkSync(probe);
    } catch {
      // never made
    }
  }
}
