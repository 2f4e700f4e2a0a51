/**
 * Names two processes can create at the same instant without one replacing
 * the other's: a quiz report in the history, a lab's evidence folder. A
 * rename replaces whatever holds the name, so a new file is published with
 * link(2), which fails with EEXIST instead, and a new folder with mkdir(2),
 * which does the same; on EEXIST the next suffix is tried.
 */
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import { makeDirs } from './make-dirs.js';
import { removeStaleTemps } from './atomic-file.js';

/** More processes than this choosing one name at one instant is not a real case: stop rather than loop. */
const MAX_TRIES = 10_000;

const isTaken = (err: unknown) => (err as NodeJS.ErrnoException).code === 'EEXIST';

/** `stem + ext`, else `stem-2 + ext`, `stem-3 + ext`, ... */
function candidate(stem: string, ext: string, n: number): string {
  return n === 1 ? `${stem}${ext}` : `${stem}-${n}${ext}`;
}

/**
 * Writes `data` to a new file `dir/stem[-n]ext` that no other file held,
 * whole or not at all (temp file, fsync, link); returns its path.
 */
export function writeNewFile(dir: string, stem: string, ext: string, data: string): string {
  makeDirs(dir);
  const first = join(dir, candidate(stem, ext, 1));
  removeStaleTemps(first);
  // The temp file's name is the one removeStaleTemps looks for, should this process die before the unlink below.
  const tmp = join(dir, `.${basename(first)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'wx', 0o644);
  try {
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    for (let n = 1; n <= MAX_TRIES; n++) {
      const path = join(dir, candidate(stem, ext, n));
      try {
        linkSync(tmp, path);
        return path;
      } catch (err) {
        if (!isTaken(err)) throw err;
      }
    }
    throw new Error(`no free name for ${first} after ${MAX_TRIES} tries`);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
}

/** Makes a new folder `parent/stem[-n]` that did not exist before (mkdir fails on EEXIST); returns its path. */
export function makeNewDir(parent: string, stem: string): string {
  makeDirs(parent);
  for (let n = 1; n <= MAX_TRIES; n++) {
    const path = join(parent, candidate(stem, '', n));
    try {
      mkdirSync(path);
      return path;
    } catch (err) {
      if (!isTaken(err)) throw err;
    }
  }
  throw new Error(`no free name for ${join(parent, stem)} after ${MAX_TRIES} tries`);
}
