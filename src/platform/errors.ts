/**
 * Error classes that any layer may throw and the CLI turns into an exit
 * status (platform/exit-codes.ts). ContentError (content/shared/problems.ts)
 * uses the same brand.
 */

/**
 * True for an object marked with `brand`. The built entry (dist/cli.cjs) and
 * the parts it loads lazily (dist/esm) each hold a copy of an error class; a
 * brand lets `instanceof` recognise an error thrown by either copy.
 */
export function isBranded(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

const USAGE_ERROR = Symbol.for('fence-tutor.UsageError');

/** Bad input or usage: the CLI prints the message on stderr and exits 2. */
export class UsageError extends Error {
  /** Recognises an error from either copy of this class (see isBranded). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, USAGE_ERROR);
  }

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
    Object.defineProperty(this, USAGE_ERROR, { value: true });
  }
}
