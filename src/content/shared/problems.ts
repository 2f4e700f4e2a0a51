/**
 * A problem found in user-supplied content or input: always with the file,
 * the line and what to write instead, so a person can fix it without guessing.
 */
import { safeText } from '../../core/display-text.js';
import { sanitizeLine } from './sanitize.js';
import { isBranded } from '../../platform/errors.js';

export interface Problem {
  file: string;
  /** 1-based; 0 when the problem concerns the whole file (unreadable, empty). */
  line: number;
  message: string;
  /** What to write instead, or what to do. */
  fix: string;
}

const CONTENT_ERROR = Symbol.for('fence-tutor.ContentError');

/** Thrown by loaders; the CLI prints each problem on stderr and exits 2. */
export class ContentError extends Error {
  /**
   * The built entry (dist/cli.cjs) and the parts it loads lazily (dist/esm)
   * each hold a copy of this class; a brand lets `instanceof` recognise an
   * error thrown by either copy.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, CONTENT_ERROR);
  }

  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ContentError';
    this.problems = problems;
    Object.defineProperty(this, CONTENT_ERROR, { value: true });
  }
}

/**
 * Characters of a problem's message, and of its fix, on the terminal. Far
 * above any message of ours; a message quoting content (an unknown key,
 * which YAML lets be of any length as an explicit `? key`) is cut there, so
 * one key cannot make a 60 KB line.
 */
export const MAX_PROBLEM_TEXT = 600;

export function formatProblem(p: Problem): string {
  // Messages quote content (an unknown key, a bad value): strip escape
  // sequences here too, so a hostile file cannot drive the terminal via stderr.
  const where = p.line > 0 ? `${p.file}:${p.line}` : p.file;
  return `${sanitizeLine(where)}: ${safeText(p.message, MAX_PROBLEM_TEXT)}. Fix: ${safeText(p.fix, MAX_PROBLEM_TEXT)}`;
}
