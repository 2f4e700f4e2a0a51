/**
 * A data directory that cannot hold state says so in one line, naming the
 * path and the fix (exit 2), before a command reads or writes there, instead
 * of a stack from deep inside a store: the directory is a file (or sits under
 * one), holds a directory where a file belongs (or the reverse), or cannot be
 * written. Checked only by the commands that use the data directory.
 */
import { closeSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, isAbsolute } from 'node:path';
import { UsageError } from './errors.js';
import { dataDir } from './data-dir.js';

/** Entries the tutor keeps in the data directory, and what each must be. */
const FILES = ['progress.json', 'review.json'];
const DIRS = ['run', 'lab', 'reports'];

const HOME_FIX = 'or set FENCE_TUTOR_HOME to a directory of your own';

function kind(path: string): 'file' | 'dir' | 'missing' | 'other' {
  try {
    const s = statSync(path);
    return s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') return 'other';
    throw err;
  }
}

/** Throws a UsageError when the data directory cannot be used; `write`: it must also take new files. */
export function assertDataDirUsable(opts: { write: boolean }, env: NodeJS.ProcessEnv = process.env): void {
  const dir = dataDir(env);
  // The directory itself, or its nearest existing ancestor, must be a directory.
  let probe = dir;
  while (kind(probe) === 'missing' && dirname(probe) !== probe) probe = dirname(probe);
  if (kind(probe) !== 'dir') {
    throw new UsageError(`the data directory ${dir} cannot be used: ${probe} is a file, not a directory. Fix: move ${probe} away, ${HOME_FIX}`);
  }
  if (probe === dir) {
    for (const name of FILES) {
      const path = join(dir, name);
      if (kind(path) === 'dir') {
        throw new UsageError(`${path} is a directory where fence-tutor keeps a file. Fix: move it away (mv ${path} ${path}.old)`);
      }
    }
    for (const name of DIRS) {
      const path = join(dir, name);
      const k = kind(path);
      if (k === 'file' || k === 'other') {
        throw new UsageError(`${path} is a file where fence-tutor keeps a directory. Fix: move it away (mv ${path} ${path}.old)`);
      }
    }
  }
  // Not created here (a check has no side effects): where it does not exist yet, its nearest ancestor must take it.
  if (opts.write) assertWritable(dir, probe);
}

function assertWritable(dir: string, existing: string): void {
  const probe = join(existing, `.fence-tutor-write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(
      `the data directory ${dir} is not writable${existing === dir ? '' : ` (nor can it be created in ${existing})`} (${code}): progress, reports and lab evidence cannot be saved. ` +
        `Fix: make it writable (chmod u+w ${dir}), ${HOME_FIX}`,
    );
  }
}

const FS_CODES = new Set(['ENOTDIR', 'EISDIR', 'EACCES', 'EROFS', 'EEXIST', 'EPERM', 'ENOSPC']);

/**
 * One line for a file-system error on a path inside the data directory (the
 * safety net behind assertDataDirUsable), or undefined for any other error.
 */
export function describeDataDirError(err: unknown, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  if (!e || typeof e.code !== 'string' || !FS_CODES.has(e.code) || typeof e.path !== 'string') return undefined;
  const rel = relative(dataDir(env), e.path);
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return `cannot use ${e.path} in the data directory (${e.code}: ${e.syscall ?? 'access'}). Fix: check that it is the right kind (file or directory) and writable, ${HOME_FIX}`;
}
