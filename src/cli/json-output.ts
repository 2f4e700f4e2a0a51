/**
 * `--json` prints exactly one JSON document on stdout. Counts from the
 * explorer are bigints and may pass 2^53, so they are written as exact
 * integer literals rather than rounded numbers.
 */
import { mapHidden } from '../core/neutralise.js';
import { writeStdout } from './stdout.js';

/** A character as a JSON escape: `\u202e`, or a surrogate pair of them outside the BMP. */
function jsonEscape(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

export function toJson(value: unknown, indent = 2): string {
  // A marker no real string will contain: random per call.
  const marker = `bigint-${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v), indent);
  return mapHidden(
    text.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1'),
    // JSON.stringify escapes C0 controls but not DEL, C1 (U+009B is a CSI),
    // bidi controls and other invisible format characters (Cf), nor the
    // line separators: escape what src/core/neutralise.ts hides too, so
    // content in a JSON document piped to a terminal can neither drive it
    // nor read differently from what it holds. Same data; still valid JSON.
    jsonEscape,
  );
}

export function printJson(value: unknown): void {
  writeStdout(`${toJson(value)}\n`);
}
