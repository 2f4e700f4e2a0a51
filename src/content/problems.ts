/**
 * A problem found in user-supplied content or input: always with the file,
 * the line and what to write instead, so a person can fix it without guessing.
 */
import { sanitizeLine } from './sanitize.js';

export interface Problem {
  file: string;
  /** 1-based; 0 when the problem concerns the whole file (unreadable, empty). */
  line: number;
  message: string;
  /** What to write instead, or what to do. */
  fix: string;
}

/** Thrown by loaders; the CLI prints each problem on stderr and exits 2. */
export class ContentError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ContentError';
    this.problems = problems;
  }
}

export function formatProblem(p: Problem): string {
  // Messages quote content (an unknown key, a bad value): strip escape
  // sequences here too, so a hostile file cannot drive the terminal via stderr.
  const where = p.line > 0 ? `${p.file}:${p.line}` : p.file;
  return sanitizeLine(`${where}: ${p.message}. Fix: ${p.fix}`);
}
