/** A `--redis-url` / `--postgres-url` value: a URL with one of `protocols` and a host. */
export function isServerUrl(value: string, protocols: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return protocols.includes(parsed.protocol) && parsed.hostname !== '';
}
