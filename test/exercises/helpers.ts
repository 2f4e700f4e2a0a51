/**
 * Checks an exercise file the way `exercise check` does (the learner's code
 * in its own process, the real adversary), with one real expiry per test
 * file: the tokens it supplied are reused by every check in the file, so a
 * file of ten checks costs one TTL, not ten.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMachinery } from '../../src/cli/exercise/exercise-machinery.js';
import { findExercise } from '../../src/content/exercise/exercise-registry.js';
import { runChecks } from '../../src/exercises/run-checks.js';
import type { ExerciseReport, TokenEvidence } from '../../src/exercises/types.js';
import { ensureBuilt, root } from '../cli/cli-run.js';

export const TEST_TTL_MS = 500;
/**
 * Per check, for a hang or an infinite loop (no test here has one): generous,
 * because these files run their checks side by side, beside another file,
 * and a learner's sink answering late on a loaded machine is not a hang.
 */
const CHECK_TIME_LIMIT_MS = 10_000;
let tokens: Promise<TokenEvidence> | undefined;

export function fixture(exercise: string, name: string): string {
  return join(root, 'test/exercises/fixtures', exercise, name);
}

export function shipped(exercise: string, name: string): string {
  return join(root, 'exercises', exercise, name);
}

/** Runs every check of `exercise` on the file `source` (copied as the learner's file). */
export async function checkFile(exercise: string, source: string, timeLimitMs = CHECK_TIME_LIMIT_MS): Promise<ExerciseReport> {
  ensureBuilt();
  const manifest = findExercise(exercise);
  if (!manifest) throw new Error(`no exercise ${exercise}`);
  const dir = mkdtempSync(join(tmpdir(), 'fence-ex-test-'));
  const tempRoot = join(dir, 'tmp');
  mkdirSync(tempRoot);
  const file = join(dir, manifest.file);
  copyFileSync(source, file);
  const machinery = await openMachinery();
  const real = machinery.supplyTokens.bind(machinery);
  tokens ??= real(TEST_TTL_MS);
  machinery.supplyTokens = () => tokens!;
  try {
    return await runChecks({ exercise: manifest, file, machinery, ttlMs: TEST_TTL_MS, timeLimitMs, tempRoot });
  } finally {
    await machinery.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** id → status, for assertions that name the check that caught a wrong solution. */
export function statuses(report: ExerciseReport): Record<string, string> {
  return Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
}
