/**
 * `--json` prints exactly one JSON document on stdout. Counts from the
 * explorer are bigints and may pass 2^53, so they are written as exact
 * integer literals rather than rounded numbers.
 */
export function toJson(value: unknown, indent = 2): string {
  // A marker no real string will contain: random per call.
  const marker = `bigint-${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(
    value,
    (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v),
    indent,
  );
  return text.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1');
}

export function printJson(value: unknown): void {
  process.stdout.write(`${toJson(value)}\n`);
}
