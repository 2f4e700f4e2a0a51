/**
 * Loaders neutralise every string from a file before it can reach a
 * terminal. The function lives in the pure core (src/core/neutralise.ts) so
 * that narration and timelines use the very same one; this module keeps the
 * loaders' import path.
 */
export { isNeutral, placeholder, sanitizeLine, sanitizeText } from '../../core/neutralise.js';
