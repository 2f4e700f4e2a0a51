/**
 * Reading a content or input file, for every loader: at most the size cap
 * is read (src/platform/bounded-read.ts), and a missing, unreadable or
 * non-regular file, a link loop or a file over the cap becomes a
 * ContentError that names it and says what to give instead.
 */
import { BoundedReadError, formatBytes, readBoundedText } from '../../platform/bounded-read.js';
import { ContentError, type Problem } from './problems.js';
import { MAX_CONTENT_BYTES } from './input-limits.js';

/** The problem for a file that could not be read, or undefined for another error. */
export function readProblem(err: unknown, file: string, what: string, fix: string, cap = MAX_CONTENT_BYTES): Problem | undefined {
  if (!(err instanceof BoundedReadError)) return undefined;
  switch (err.failure) {
    case 'missing':
      return { file, line: 0, message: 'no such file', fix };
    case 'directory':
      return { file, line: 0, message: `this is a directory, not ${what}`, fix };
    case 'too-large':
      return {
        file,
        line: 0,
        message: `the file is larger than the limit of ${formatBytes(cap)} for ${what}`,
        fix: `split it into smaller files (at most ${formatBytes(cap)} each)`,
      };
    default:
      return { file, line: 0, message: `cannot read ${what}: ${err.reason}`, fix };
  }
}

/**
 * @param what the kind of file, for messages: "the answers file", "a scenario file"...
 * @param fix what to give instead.
 */
export function readContentText(path: string, what: string, fix: string, cap = MAX_CONTENT_BYTES, file = path): string {
  try {
    return readBoundedText(path, cap);
  } catch (err) {
    const problem = readProblem(err, file, what, fix, cap);
    if (problem) throw new ContentError([problem]);
    throw err;
  }
}
