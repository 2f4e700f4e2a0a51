/**
 * `exercise start|hint|reset|solution`: the small actions. Only the tutor
 * writes progress (the learner's code never runs here).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { sanitizeText } from '../../core/neutralise.js';
import { findExercise, listExercises } from '../../content/exercise/exercise-registry.js';
import { defaultExerciseDir, dirFlag, solutionText, StarterConflictError, writeStarter } from '../../exercises/starter.js';
import type { ExerciseManifest } from '../../exercises/types.js';
import type { ExerciseProgress, ProgressState } from '../../progress/progress-file.js';
import { loadProgress, saveProgressMerged } from '../../progress/progress-file.js';
import { UsageError } from '../../platform/errors.js';

export function requireExercise(id: string): ExerciseManifest {
  const found = findExercise(id);
  if (!found) {
    throw new UsageError(
      `no exercise "${id}". Fix: use one of ${listExercises()
        .map((e) => e.id)
        .join(', ')} (fence-tutor exercises)`,
    );
  }
  return found;
}

const warn = (m: string) => process.stderr.write(`fence-tutor: ${m}\n`);

function exerciseProgress(id: string): ExerciseProgress | undefined {
  return loadProgress(undefined, warn).exercises?.[id];
}

/** Changes one exercise's progress, merged with whatever another instance saved meanwhile. */
export function updateExerciseProgress(id: string, change: (p: ExerciseProgress | undefined) => ExerciseProgress): void {
  const base = loadProgress(undefined, warn);
  const mine: ProgressState = { ...base, exercises: { ...base.exercises, [id]: change(base.exercises?.[id]) } };
  saveProgressMerged(base, mine, undefined, warn);
}

/** The learner's directory: --dir, else where they started it, else the default. */
export function exerciseDir(id: string, dir: string | undefined): string {
  if (dir !== undefined) return resolve(dir);
  return exerciseProgress(id)?.dir ?? defaultExerciseDir(id);
}

export function startExercise(id: string, opts: { dir?: string; force?: boolean }): number {
  const exercise = requireExercise(id);
  const dir = opts.dir !== undefined ? resolve(opts.dir) : defaultExerciseDir(id);
  let started: ReturnType<typeof writeStarter>;
  try {
    started = writeStarter(exercise, dir, Boolean(opts.force));
  } catch (err) {
    if (err instanceof StarterConflictError) throw new UsageError(err.message);
    throw err;
  }
  const now = new Date().toISOString();
  updateExerciseProgress(id, (p) => ({ ...p, startedAt: p?.startedAt ?? now, dir: started.dir }));
  const note = started.wrote ? '' : ' (it was already there, unchanged)';
  process.stdout.write(
    sanitizeText(
      `${exercise.title}: the task is at the top of the file.\n\n  Edit:  ${started.file}${note}\n  Read:  ${join(started.dir, 'README.md')}\n  Check: fence-tutor exercise check ${id}${dirFlag(started.dir, id)}\n`,
    ),
  );
  return 0;
}

export function showHint(id: string): number {
  const exercise = requireExercise(id);
  const progress = exerciseProgress(id);
  const seen = progress?.hintsSeen ?? 0;
  const n = Math.min(seen + 1, exercise.hints.length);
  const lines = exercise.hints.slice(0, n).map((h, i) => `Hint ${i + 1} of ${exercise.hints.length}: ${h}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (n === exercise.hints.length) process.stdout.write('That was the last hint.\n');
  if (progress) updateExerciseProgress(id, (p) => ({ ...p!, hintsSeen: Math.max(n, p?.hintsSeen ?? 0) }));
  return 0;
}

export async function resetExercise(id: string, opts: { dir?: string; yes?: boolean }): Promise<number> {
  const exercise = requireExercise(id);
  const dir = exerciseDir(id, opts.dir);
  const file = join(dir, exercise.file);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist: nothing to reset. Fix: fence-tutor exercise start ${id}`);
  if (!opts.yes) {
    if (!(process.stdin.isTTY && process.stdout.isTTY)) {
      throw new UsageError(`reset puts the starter back over your ${exercise.file}; without a terminal to ask on, add --yes to confirm`);
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    let answer: string;
    try {
      answer = await rl.question(`Put the starter back over ${file}? Your changes will be lost. [y/N] `);
    } finally {
      rl.close();
    }
    if (!/^y(es)?$/i.test(answer.trim())) {
      process.stdout.write('Kept: nothing was changed.\n');
      return 0;
    }
  }
  writeStarter(exercise, dir, true);
  process.stdout.write(sanitizeText(`${file} is the starter again. Check it with: fence-tutor exercise check ${id}${dirFlag(dir, id)}\n`));
  return 0;
}

export function showSolution(id: string, opts: { reveal?: boolean }): number {
  const exercise = requireExercise(id);
  const passed = Boolean(exerciseProgress(id)?.passedAt);
  if (!passed && !opts.reveal) {
    throw new UsageError(`the solution is shown once your check of ${id} passed. Fix: fence-tutor exercise check ${id}, or add --reveal to see it now`);
  }
  process.stdout.write(sanitizeText(solutionText(exercise)));
  return 0;
}
