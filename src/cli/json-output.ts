/**
 * `--json` prints exactly one JSON document on stdout. Counts from the
 * explorer are bigints and may pass 2^53, so they are written as exact
 * integer literals rather than rounded numbers.
 */
import { writeStdout } from './stdout.js';

export function toJson(value: unknown, indent = 2): string {
  // A marker no real string will contain: random per call.
  const marker = `bigint-${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v),
    indent,
  );
  return (
    text
      .replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1')
      // JSON.stringify escapes C0 controls but not DEL and C1 (U+0080-U+009F,
      // U+009B is a CSI): escape them too, so content in a JSON document piped
      // to a terminal cannot drive it. Same data; still valid JSON.
      .replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  );
}

export function printJson(value: unknown): void {
  writeStdout(`${toJson(value)}\n`);
}
