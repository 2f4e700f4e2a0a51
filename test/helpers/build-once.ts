/**
 * dist/ built once per test run, before any test starts (test/global-setup.ts):
 * tests that run the bundle (the CLI, the lab's children, the pty sessions)
 * never build it themselves, so no two builds race and no test runs a bundle
 * older than src/. Skipped when dist/ is already newer than every input
 * (`npm test` has just built it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/** What the build reads: when one is newer than dist/, dist/ is stale. */
const INPUTS = ['src', 'lessons', 'quizzes', 'scenarios', 'scripts/build.mjs', 'bin', 'package.json'];

function newest(path: string, pick: (a: number, b: number) => number, start: number): number {
  if (!existsSync(path)) return start;
  const stat = statSync(path);
  if (!stat.isDirectory()) return pick(start, stat.mtimeMs);
  let found = start;
  for (const entry of readdirSync(path)) found = newest(join(path, entry), pick, found);
  return found;
}

/** The bundle file bin/fence-tutor.js loads (dist/cli.cjs today), read from the bin so a new layout needs no edit here. */
export function bundleEntry(): string {
  const bin = readFileSync(join(root, 'bin', 'fence-tutor.js'), 'utf8');
  return join(root, /['"]\.\.\/(dist\/[^'"]+)['"]/.exec(bin)?.[1] ?? 'dist/cli.cjs');
}

export function bundleIsStale(): boolean {
  const dist = join(root, 'dist');
  if (!existsSync(bundleEntry())) return true;
  const sources = INPUTS.reduce((n, input) => newest(join(root, input), Math.max, n), 0);
  // The oldest output: a build writes every file afresh, so all of them are newer than what they came from.
  return newest(dist, Math.min, Number.POSITIVE_INFINITY) < sources;
}

export function buildIfStale(): void {
  if (!bundleIsStale()) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
}

/**
 * For the files that run the bundle: it is there (the global setup built it
 * for this run), or fail saying how to get it. Never builds: a build here
 * would race another file's running processes.
 */
export function ensureBuilt(): void {
  if (!existsSync(bundleEntry())) {
    throw new Error(
      `${bundleEntry()} is missing: test/global-setup.ts builds it before the tests start; run them through vitest (npm test, npx vitest run ...)`,
    );
  }
}
