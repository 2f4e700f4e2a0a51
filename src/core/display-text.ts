/**
 * Values in scenarios are data and may contain anything; before a value
 * reaches a terminal (narration, timelines) it is neutralised by the one
 * sanitize function (./neutralise.ts) and shortened. JSON output keeps the raw
 * value.
 */
import { sanitizeLine } from './neutralise.js';

/** A value made safe for one terminal line, at most `max` characters. */
export function safeText(value: string, max = 24): string {
  const clean = sanitizeLine(value);
  return clean.length > max ? `${clean.slice(0, Math.max(1, max - 1))}…` : clean;
}

/** A sink value in quotes ("100"), or `nothing` for no value. */
export function quoteValue(value: string | null, max = 24): string {
  return value === null ? 'nothing' : `"${safeText(value, max)}"`;
}
