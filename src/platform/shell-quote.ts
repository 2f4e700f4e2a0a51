/**
 * A path or word as a POSIX shell reads it back: left bare when it holds
 * only characters no shell treats specially, otherwise in single quotes
 * (a quote inside becomes '\''). For commands we print for a person to
 * paste, such as the lab report's `sqlite3 <database>` (the data directory
 * on macOS is under "Application Support").
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_/.,:@%+=-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
