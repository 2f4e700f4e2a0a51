/**
 * Fencing tokens (spec 3.1): pairs [epoch, counter] compared
 * lexicographically, and one display form everywhere (conventions, "Tokens
 * on screen"): the counter alone while the epoch is 0, `epoch:counter` after.
 * The lab's tokens are plain integers (etcd revisions) and display as such.
 */
import type { Token } from './types.js';

/** Negative, zero or positive as `a` is lower than, equal to or higher than `b`. */
export function compareTokens(a: Token, b: Token): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}

/** The higher of two tokens, treating null as "none yet". */
export function maxToken(a: Token | null, b: Token | null): Token | null {
  if (a === null) return b;
  if (b === null) return a;
  return compareTokens(a, b) >= 0 ? a : b;
}

export function tokensEqual(a: Token | null, b: Token | null): boolean {
  if (a === null || b === null) return a === b;
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * The display form: `7`, `1:5`, a plain integer for lab tokens, and a dash
 * for "no token" (`–`, or `-` with `ascii`).
 */
export function formatToken(token: Token | number | null | undefined, ascii = false): string {
  if (token === null || token === undefined) return ascii ? '-' : '–';
  if (typeof token === 'number') return String(token);
  return token[0] === 0 ? String(token[1]) : `${token[0]}:${token[1]}`;
}

/** The spec's JSON form, `[epoch, counter]`, as text (for messages). */
export function tokenPairText(token: Token | null): string {
  return token === null ? 'null' : `[${token[0]}, ${token[1]}]`;
}
