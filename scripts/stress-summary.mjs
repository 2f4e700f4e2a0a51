// What vitest printed for one run of the suite, as scripts/stress.mjs reports it.

/** The text without its colours. */
export const plain = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** vitest's wall time ("Duration"), its test count line, and the names of the files and tests that failed, each once. */
export function summarise(output) {
  const text = plain(output);
  const duration = /^\s*Duration\s+([\d.]+\s*m?s)/m.exec(text)?.[1] ?? 'no vitest summary';
  const failed = [...new Set([...text.matchAll(/^\s*(?:FAIL|×)\s+(.+?)\s*$/gm)].map((m) => m[1]))];
  const tests = /^\s*Tests\s+(.+)$/m.exec(text)?.[1]?.trim() ?? '';
  return { duration, failed, tests };
}
