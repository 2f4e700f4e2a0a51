/**
 * Loaders neutralise every string from a file before it can reach a
 * terminal. The function lives in the pure core (src/core/neutralise.ts) so
 * that narration and timelines use the very same one; this module keeps the
 * loaders' import path.
 */
import { safeText } from '../../core/display-text.js';
import { MAX_NAME_LENGTH } from './input-limits.js';

export { sanitizeLine, sanitizeText } from '../../core/neutralise.js';

/** A name or id read back from a file (a report's student, quiz, question id): one neutral line of at most MAX_NAME_LENGTH characters. */
export function sanitizeName(text: string): string {
  return safeText(text, MAX_NAME_LENGTH);
}
