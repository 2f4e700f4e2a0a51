/**
 * The shipped exercises (docs/exercises.md): one folder per exercise under the package's
 * `exercises/`, each with an `exercise.json` manifest. Manifests are JSON
 * (no YAML parser on the `exercises` list's path), read with a size cap and
 * checked field by field; a bad one is a ContentError naming the file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../shared/problems.js';
import { sanitizeLine } from '../../core/neutralise.js';
import { readBoundedText } from '../../platform/bounded-read.js';
import { packageRoot } from '../../platform/package-root.js';
import { errorMessage } from '../../platform/error-message.js';

export type ExerciseKind = 'sink' | 'client';
export type ExerciseNeed = 'posix' | 'etcd' | 'zookeeper' | 'postgres';

/** exercises/<id>/exercise.json, validated here. */
export interface ExerciseManifest {
  id: string;
  title: string;
  /** The lesson that teaches it (a lesson id). */
  lesson: string;
  kind: ExerciseKind;
  needs: ExerciseNeed[];
  /** The file the learner edits, relative to their directory (e.g. `sink.mjs`). */
  file: string;
  /** The shipped solution, relative to the exercise's folder. */
  solution: string;
  hints: string[];
  /** Asked after the check, answer recorded, never required to pass. */
  question?: string;
  /** The folder the exercise ships in (absolute). */
  dir: string;
}

const MAX_MANIFEST_BYTES = 64 * 1024;
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}\.m?js$/;
const KINDS: readonly ExerciseKind[] = ['sink', 'client'];
const NEEDS: readonly ExerciseNeed[] = ['posix', 'etcd', 'zookeeper', 'postgres'];

function exercisesRoot(): string {
  return join(packageRoot(), 'exercises');
}

let cache: ExerciseManifest[] | undefined;

/** Every shipped exercise, in the order of their `order` field. */
export function listExercises(root = exercisesRoot()): ExerciseManifest[] {
  if (cache && root === exercisesRoot()) return cache;
  const found: (ExerciseManifest & { order: number })[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    found.push(readManifest(join(root, entry.name), entry.name));
  }
  found.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const list = found.map(({ order: _order, ...m }) => m);
  if (root === exercisesRoot()) cache = list;
  return list;
}

/** The exercise with this id, or undefined. */
export function findExercise(id: string, root = exercisesRoot()): ExerciseManifest | undefined {
  return listExercises(root).find((e) => e.id === id);
}

function readManifest(dir: string, folder: string): ExerciseManifest & { order: number } {
  const file = join(dir, 'exercise.json');
  let text: string;
  try {
    text = readBoundedText(file, MAX_MANIFEST_BYTES);
  } catch (err) {
    throw new ContentError([{ file, line: 0, message: `cannot be read (${errorMessage(err)})`, fix: 'give every exercise folder an exercise.json' }]);
  }
  return parseExerciseManifest(text, file, folder, dir);
}

/** Checks one manifest's text, field by field; a ContentError names the file and the field. */
export function parseExerciseManifest(text: string, file: string, folder: string, dir: string): ExerciseManifest & { order: number } {
  const problem = (message: string, fix: string) => new ContentError([{ file, line: 0, message, fix }]);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw problem(`cannot be read as JSON (${errorMessage(err)})`, 'write the manifest as one JSON object');
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw problem('is not a JSON object', 'write one JSON object');
  const m = raw as Record<string, unknown>;
  const field = (key: string, pattern?: RegExp): string => {
    const v = m[key];
    if (typeof v !== 'string' || v.trim() === '' || (pattern && !pattern.test(v))) {
      throw problem(`"${key}" is missing or malformed`, `give "${key}" as a string${pattern ? ` matching ${pattern}` : ''}`);
    }
    return sanitizeLine(v);
  };
  const id = field('id', ID);
  if (id !== folder) throw problem(`"id" is ${id} but the folder is ${folder}`, 'name the folder after the id');
  const kind = field('kind') as ExerciseKind;
  if (!KINDS.includes(kind)) throw problem(`"kind" is ${kind}`, `use one of ${KINDS.join(', ')}`);
  if (m.needs !== undefined && (!Array.isArray(m.needs) || m.needs.length > NEEDS.length))
    throw problem('"needs" is malformed', `give a list of ${NEEDS.join(', ')}`);
  const needs: unknown[] = Array.isArray(m.needs) ? m.needs : [];
  for (const n of needs)
    if (!NEEDS.includes(n as ExerciseNeed)) throw problem(`unknown need ${sanitizeLine(String(n)).slice(0, 40)}`, `use ${NEEDS.join(', ')}`);
  const hints = Array.isArray(m.hints)
    ? m.hints
        .filter((h): h is string => typeof h === 'string')
        .slice(0, 20)
        .map(sanitizeLine)
    : [];
  if (hints.length === 0) throw problem('"hints" is empty', 'give at least one hint');
  const order = typeof m.order === 'number' && Number.isFinite(m.order) ? m.order : 999;
  return {
    id,
    title: field('title'),
    lesson: field('lesson', ID),
    kind,
    needs: needs as ExerciseNeed[],
    file: field('file', FILE),
    solution: field('solution', FILE),
    hints,
    ...(typeof m.question === 'string' ? { question: sanitizeLine(m.question) } : {}),
    dir,
    order,
  };
}
