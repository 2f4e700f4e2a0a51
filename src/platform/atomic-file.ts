/**
 * Every write of state or a report: temp file in the same directory, fsync,
 * rename. A reader that finds a file it cannot parse moves it aside to
 * NAME.corrupt-TIME, warns on stderr, and carries on with a fresh value
 * (content/shared/state-file.ts).
 * A temp file left by a writer killed mid-write is removed by the next write.
 */
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { makeDirs } from './make-dirs.js';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './errors.js';
import { withPath } from './write-failure.js';

/** A state file (progress, review boxes) larger than this is treated as corrupt: read no further. */
export const MAX_STATE_BYTES = 4 * 1024 * 1024;

const TEMP_PATTERN = /^\.(.+)\.(\d+)\.(\d+)\.tmp$/;
/** No write takes this long: a temp file this old is left over whoever wrote it (pids are reused). */
const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp files of `path` left by a writer killed before its rename (a
 * SIGKILL during fsync): those of a pid that no longer runs, or older than
 * any write takes. A live writer's temp file is its own business.
 */
export function removeStaleTemps(path: string, now = Date.now()): string[] {
  const dir = dirname(path);
  const name = basename(path);
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const m = TEMP_PATTERN.exec(entry);
    if (!m || m[1] !== name) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || (pidRuns(pid) && now - Number(m[3]) < TEMP_MAX_AGE_MS)) continue;
    try {
      unlinkSync(join(dir, entry));
      removed.push(entry);
    } catch {
      // removed by someone else meanwhile
    }
  }
  return removed;
}

export function writeFileAtomic(path: string, data: string): void {
  const dir = dirname(path);
  makeDirs(dir);
  removeStaleTemps(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, 'w', 0o644);
  } catch (err) {
    throw withPath(err, path);
  }
  try {
    writeSync(fd, data);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // the temp file is already gone; nothing to undo
    }
    throw withPath(err, path);
  }
  closeSync(fd);
  try {
    renameSync(tmp, path);
  } catch (err) {
    // The target is a folder, or vanished with its folder: no temp file is left beside it.
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw err;
  }
  try {
    // Make the rename itself durable.
    const dfd = openSync(dir, 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // some filesystems refuse fsync on a directory; the rename already happened
  }
}

export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** Why a file could not be written, in words, for the errors a person can fix. */
export function writeReason(err: NodeJS.ErrnoException): string | undefined {
  switch (err.code) {
    case 'EEXIST':
    case 'ENOTDIR':
      return 'a part of that path is a file, not a folder';
    case 'EISDIR':
      return 'it is a folder; give a file name';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'the disk is full';
    case 'ENAMETOOLONG':
      return 'the name is too long';
    case 'ENOENT':
      return 'a folder on that path cannot be made';
    default:
      return undefined;
  }
}

/**
 * writeFileAtomic for a path the user gave (`--report`, `--out`, `--csv`):
 * a path that cannot be written is bad input, one line naming it and the
 * flag to change (exit 2), not a stack trace.
 */
export function writeUserFileAtomic(path: string, data: string, what: string, flag: string): void {
  try {
    writeFileAtomic(path, data);
  } catch (err) {
    const reason = writeReason(err as NodeJS.ErrnoException);
    if (reason === undefined) throw err;
    throw new UsageError(`cannot write ${what} to ${path}: ${reason}. Fix: give ${flag} a path in a folder you can write to`);
  }
}

/** makeDirs for a folder the user named (`--out`, `--dir`): one line naming it, the reason and the flag, exit 2. */
export function makeUserDirs(dir: string, flag: string): void {
  try {
    makeDirs(dir);
  } catch (err) {
    const reason = writeReason(err as NodeJS.ErrnoException);
    if (reason === undefined) throw err;
    throw new UsageError(`cannot make the folder ${dir}: ${reason}. Fix: give ${flag} a folder you can write to`);
  }
}
