/**
 * Reading a content or input file, for every loader: a missing or unreadable
 * file becomes a ContentError that names it and says what to give instead.
 */
import { readFileSync } from 'node:fs';
import { ContentError } from './problems.js';

/**
 * @param what the kind of file, for messages: "the answers file", "a scenario file"...
 * @param fix what to give instead.
 */
export function readContentText(path: string, what: string, fix: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? `this is a directory, not ${what}`
          : `cannot read ${what} (${code ?? (err as Error).message})`;
    throw new ContentError([{ file: path, line: 0, message, fix }]);
  }
}
