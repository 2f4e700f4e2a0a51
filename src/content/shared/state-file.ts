/**
 * Reading a state file (progress, review, coordinator state) that may be
 * corrupt: bounded, parsed, validated, and set aside with a warning when it
 * cannot be used. Lives in content/shared, not platform, because the warning
 * quotes the file and is neutralised (core/neutralise.ts) like any content.
 */
import { copyFileSync, renameSync } from 'node:fs';
import { sanitizeLine } from '../../core/neutralise.js';
import { MAX_STATE_BYTES } from '../../platform/atomic-file.js';
import { BoundedReadError, readBoundedText } from '../../platform/bounded-read.js';
import { errorMessage } from '../../platform/error-message.js';

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
  validate: (raw: unknown, dropped: string[]) => T,
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
    // A validator may drop the parts it cannot read and keep the rest (progress.json's lessons):
    // the file as it was is copied aside, so nothing is lost, and the warning names what was dropped.
    const dropped: string[] = [];
    const value = validate(JSON.parse(text), dropped);
    if (dropped.length > 0) {
      const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      copyFileSync(path, aside);
      warn(
        sanitizeLine(
          `warning: ${path}: ${dropped.length} part${dropped.length === 1 ? '' : 's'} could not be read and ${dropped.length === 1 ? 'was' : 'were'} left out (${dropped.join('; ')}); the rest was kept, and the file as it was is at ${aside}`,
        ),
      );
    }
    return { value };
  } catch (err) {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = `${path}.corrupt-${stamp}`;
    renameSync(path, aside);
    // The parser's message quotes the file: neutralised like any file content.
    warn(sanitizeLine(`warning: ${path} could not be read (${errorMessage(err)}); it was moved to ${aside} and a fresh one started`));
    return { value: fresh(), setAside: aside };
  }
}
