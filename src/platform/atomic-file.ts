/**
 * Every write of state or a report: temp file in the same directory, fsync,
 * rename. A reader that finds a file it cannot parse moves it aside to
 * NAME.corrupt-TIME, warns on stderr, and carries on with a fresh value.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sanitizeLine } from '../core/neutralise.js';
import { BoundedReadError, readBoundedText } from './bounded-read.js';

/** A state file (progress, review boxes) larger than this is treated as corrupt: read no further. */
export const MAX_STATE_BYTES = 4 * 1024 * 1024;

export function writeFileAtomic(path: string, data: string): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w', 0o644);
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
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, path);
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

export interface ReadResult<T> {
  value: T;
  /** Set when a corrupt file was moved aside: where it went. */
  setAside?: string;
}

/**
 * Reads a JSON state file. Missing: `fresh()`. Unparseable or rejected by
 * `validate` (which throws): moved aside, a warning on stderr, then `fresh()`.
 */
export function readJsonOrSetAside<T>(
  path: string,
  fresh: () => T,
  validate: (raw: unknown) => T,
  warn: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
): ReadResult<T> {
  let text = '';
  let tooLarge = false;
  try {
    text = readBoundedText(path, MAX_STATE_BYTES);
  } catch (err) {
    if (err instanceof BoundedReadError && err.failure === 'missing') return { value: fresh() };
    if (!(err instanceof BoundedReadError && err.failure === 'too-large')) throw err;
    tooLarge = true;
  }
  try {
    if (tooLarge) throw new Error(`larger than the limit of ${MAX_STATE_BYTES / (1024 * 1024)} MiB`);
    return { value: validate(JSON.parse(text)) };
  } catch (err) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = `${path}.corrupt-${stamp}`;
    renameSync(path, aside);
    // The parser's message quotes the file: neutralised like any file content.
    warn(
      sanitizeLine(`warning: ${path} could not be read (${(err as Error).message}); it was moved to ${aside} and a fresh one started`),
    );
    return { value: fresh(), setAside: aside };
  }
}
