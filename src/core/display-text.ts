/**
 * Values in scenarios are data and may contain anything; before a value
 * reaches a terminal (narration, timelines) it is stripped of escape
 * sequences and control characters and shortened. JSON output keeps the raw
 * value. (The same rule as src/content/sanitize.ts, kept here so that the
 * pure core depends on nothing above it.)
 */
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[PX^_][^\u001b]*(?:\u001b\\)?|[@-Z\\-_])|\u009b[0-?]*[ -/]*[@-~]/g;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A value made safe for one terminal line, at most `max` characters. */
export function safeText(value: string, max = 24): string {
  const clean = value.replace(ESCAPES, '').replace(CONTROLS, ' ');
  return clean.length > max ? `${clean.slice(0, Math.max(1, max - 1))}…` : clean;
}

/** A sink value in quotes ("100"), or `nothing` for no value. */
export function quoteValue(value: string | null, max = 24): string {
  return value === null ? 'nothing' : `"${safeText(value, max)}"`;
}
