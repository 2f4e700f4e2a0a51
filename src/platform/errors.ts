import { isBranded } from '../content/shared/problems.js';

/** Exit statuses of conventions.md, "Exit status". */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  terminated: 143,
} as const;

const USAGE_ERROR = Symbol.for('fence-tutor.UsageError');

/** Bad input or usage: the CLI prints the message on stderr and exits 2. */
export class UsageError extends Error {
  /** Recognises an error from either copy of this class (see ContentError). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, USAGE_ERROR);
  }

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
    Object.defineProperty(this, USAGE_ERROR, { value: true });
  }
}
