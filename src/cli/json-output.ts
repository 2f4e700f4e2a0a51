/**
 * `--json` prints exactly one JSON document on stdout. Counts from the
 * explorer are bigints and may pass 2^53, so they are written as exact
 * integer literals rather than rounded numbers.
 */
import { writeStdout } from './stdout.js';

export function toJson(value: unknown, indent = 2): string {
  // A marker no real string will contain: random per call.
  const marker = `bigint-${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v), indent);
  return (
    text
      .replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1')
      // JSON.stringify escapes C0 controls but not DEL, C1 (U+009B is a CSI),
      // bidi controls and other invisible format characters (Cf), nor the
      // line separators: escape them too, so content in a JSON document piped
      // to a terminal can neither drive it nor read differently from what it
      // holds (src/core/neutralise.ts). Same data; still valid JSON.
      .replace(/[\u007f-\u009f\u2028\u2029\p{Cf}]/gu, (c) =>
        c.length === 1 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : `\\u${c.charCodeAt(0).toString(16)}\\u${c.charCodeAt(1).toString(16)}`,
      )
  );
}

export function printJson(value: unknown): void {
  writeStdout(`${toJson(value)}\n`);
}
