/**
 * Values in scenarios are data and may contain anything; before a value
 * reaches a terminal (narration, timelines) it is neutralised by the one
 * sanitize function (./neutralise.ts) and shortened. JSON output keeps the raw
 * value.
 *
 * "No value" (a sink never written, `initial: null`) is spelled here: as a
 * key (the explorer's final values, the simulator's prediction choices) it is
 * NO_VALUE_KEY; on screen it is NOTHING. Two spellings stay elsewhere on
 * purpose, because authors write them: a claim's `final: null` is reported as
 * `null (no value)` (src/core/claims.ts), and a predict question's option is
 * `(no value)` (NO_VALUE_OPTION in src/core/quiz/predict.ts), whose options
 * and keys are content.
 */
import { sanitizeLine } from './neutralise.js';

/** A value made safe for one terminal line, at most `max` characters. */
export function safeText(value: string, max = 24): string {
  const clean = sanitizeLine(value);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, Math.max(1, max - 1));
  // Never half of a surrogate pair (an emoji, say): a lone half is not a character.
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

/** The key that stands for "no value" where values are keys (the explorer's final values, prediction choices). */
export const NO_VALUE_KEY = 'null';

/** "No value", as a terminal shows it. */
export const NOTHING = 'nothing';

/** A sink value in quotes ("100"), or `nothing` for no value. */
export function quoteValue(value: string | null, max = 24): string {
  return value === null ? NOTHING : `"${safeText(value, max)}"`;
}

/** A value that is a key (NO_VALUE_KEY for no value), in quotes, or `nothing`. */
export function quoteValueKey(key: string, max = 24): string {
  return quoteValue(key === NO_VALUE_KEY ? null : key, max);
}

/** A count with thousands separators ("152,034,626,562"), as the explorer's progress line writes them. */
export function countText(n: bigint | number): string {
  return n.toLocaleString('en-US');
}
