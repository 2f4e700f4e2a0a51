/**
 * Reading a file someone else wrote without trusting it: at most `cap`
 * bytes are ever read (so `/dev/zero` or a 10 GB file costs nothing), only a
 * regular file is read (a FIFO would block forever, a device never ends),
 * and a symbolic link loop or a dangling link gets a sentence instead of a
 * stack. The caller turns a BoundedReadError into its own message.
 */
import type { Stats } from 'node:fs';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { errorMessage } from './error-message.js';

export type BoundedReadFailure = 'missing' | 'dangling-link' | 'link-loop' | 'directory' | 'not-regular' | 'too-large' | 'unreadable';

const BOUNDED_READ_ERROR = Symbol.for('fence-tutor.BoundedReadError');

export class BoundedReadError extends Error {
  /** The entry and the lazily loaded parts each hold a copy of this class. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BOUNDED_READ_ERROR] === true;
  }
  constructor(
    readonly failure: BoundedReadFailure,
    /** A sentence for a person: "a symbolic link that points to itself (a loop)". */
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
    this.name = 'BoundedReadError';
    Object.defineProperty(this, BOUNDED_READ_ERROR, { value: true });
  }
}

/** A size in the unit a person reads best: "1 MiB", "64 KiB", "512 bytes". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

function kindOf(st: Stats): string {
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Why `path` could not be opened or stat'ed, as a BoundedReadError with a sentence. */
export function pathFailure(path: string, err: NodeJS.ErrnoException): BoundedReadError {
  const code = err.code;
  if (code === 'ENOENT') {
    let isLink = false;
    try {
      isLink = lstatSync(path).isSymbolicLink();
    } catch {
      // Nothing there at all.
    }
    return isLink
      ? new BoundedReadError('dangling-link', 'a symbolic link to a file that does not exist', code)
      : new BoundedReadError('missing', 'no such file', code);
  }
  if (code === 'ELOOP') return new BoundedReadError('link-loop', 'a loop of symbolic links', code);
  if (code === 'EISDIR') return new BoundedReadError('directory', 'a directory, not a file', code);
  if (code === 'ENAMETOOLONG') return new BoundedReadError('unreadable', 'the path is too long', code);
  return new BoundedReadError('unreadable', `cannot be read (${code ?? err.message})`, code);
}

/** The bytes of the regular file at `path`, refusing (without reading on) past `cap` bytes. */
function readBoundedBytes(path: string, cap: number): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw pathFailure(path, err as NodeJS.ErrnoException);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new BoundedReadError('directory', 'a directory, not a file');
    if (!st.isFile()) throw new BoundedReadError('not-regular', `${kindOf(st)}, not a regular file`);
    const tooLarge = () => new BoundedReadError('too-large', `larger than the limit of ${formatBytes(cap)}`);
    if (st.size > cap) throw tooLarge();
    // The file may grow while we read: read at most cap + 1 bytes whatever fstat said.
    const buf = Buffer.allocUnsafe(cap + 1);
    let total = 0;
    for (;;) {
      if (total === buf.length) break;
      let n: number;
      try {
        n = readSync(fd, buf, total, buf.length - total, null);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') continue;
        throw new BoundedReadError('unreadable', `cannot be read (${code ?? errorMessage(err)})`, code);
      }
      if (n === 0) break;
      total += n;
    }
    if (total > cap) throw tooLarge();
    return buf.subarray(0, total);
  } finally {
    closeSync(fd);
  }
}

/** The UTF-8 text of the regular file at `path`, at most `cap` bytes. */
export function readBoundedText(path: string, cap: number): string {
  return readBoundedBytes(path, cap).toString('utf8');
}
