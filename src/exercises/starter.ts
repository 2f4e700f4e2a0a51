/**
 * `exercise start`: copies the starter file and the README into the
 * learner's directory. A file the learner changed is never overwritten: it
 * differs from the starter's hash, so the start stops (exit 2) and names
 * `--force`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeUserDirs, writeUserFileAtomic } from '../platform/atomic-file.js';
import { sha256Hex } from '../platform/sha256.js';
import type { ExerciseManifest } from './types.js';

export class StarterConflictError extends Error {}

export function defaultExerciseDir(id: string, cwd = process.cwd()): string {
  return resolve(cwd, 'fence-exercises', id);
}

/** The starter's text: the file in the exercise's folder named like the learner's file. */
function starterText(exercise: ExerciseManifest): string {
  return readFileSync(join(exercise.dir, exercise.file), 'utf8');
}

export function solutionText(exercise: ExerciseManifest): string {
  return readFileSync(join(exercise.dir, exercise.solution), 'utf8');
}

export interface StartedExercise {
  dir: string;
  file: string;
  /** False when the file was already the untouched starter. */
  wrote: boolean;
}

/**
 * Writes the starter and README into `dir`. An existing file equal to the
 * starter is fine (nothing lost); a changed one needs `force`.
 */
export function writeStarter(exercise: ExerciseManifest, dir: string, force = false): StartedExercise {
  const target = resolve(dir);
  const file = join(target, exercise.file);
  const starter = starterText(exercise);
  let wrote = true;
  if (existsSync(file)) {
    const current = readFileSync(file);
    if (sha256Hex(current) === sha256Hex(starter)) wrote = false;
    else if (!force) {
      throw new StarterConflictError(
        `${file} has your changes and starting again would overwrite them. Fix: check it with \`fence-tutor exercise check ${exercise.id}${dirFlag(target, exercise.id)}\`, or start over with --force`,
      );
    }
  }
  makeUserDirs(target, '--dir');
  if (wrote) writeUserFileAtomic(file, starter, 'the starter file', '--dir');
  writeUserFileAtomic(join(target, 'README.md'), readFileSync(join(exercise.dir, 'README.md'), 'utf8'), 'the README', '--dir');
  return { dir: target, file, wrote };
}

/** ` --dir DIR` when DIR is not the default one (for the commands we print). */
export function dirFlag(dir: string, id: string, cwd = process.cwd()): string {
  return resolve(dir) === defaultExerciseDir(id, cwd) ? '' : ` --dir ${JSON.stringify(resolve(dir))}`;
}
