/**
 * The learner's progress on disk: `progress.json` in the data directory.
 * Per lesson: when it was opened, where the reader was, how far it got,
 * time spent, whether it is completed, and the self-check answers. Read
 * with set-aside on corruption (a warning, then a fresh file), written
 * atomically. Review boxes live in review.json (the quiz's own file) and
 * quiz history in reports/: this file never writes over either.
 */
import { makeDirs } from '../platform/make-dirs.js';
import { dirname, join } from 'node:path';
import { readJsonOrSetAside } from '../content/shared/state-file.js';
import { errorMessage } from '../platform/error-message.js';
import { writeJsonAtomic } from '../platform/atomic-file.js';
import { dataDir } from '../platform/data-dir.js';
import { withFileLock } from '../platform/file-lock.js';
import { mergeProgress } from './progress-merge.js';

export const PROGRESS_SCHEMA_VERSION = 1;
export const PROGRESS_FILE = 'progress.json';

export interface SelfCheckAnswer {
  /** The first try counts (practice mode). */
  correct: boolean;
  attempts: number;
  answeredAt: string;
}

export interface LessonProgress {
  firstOpenedAt: string;
  lastOpenedAt: string;
  /** Where the top of the reader was, as a fraction of the lesson (0..1), so it survives a new width. */
  position: number;
  /** The top line's place in the lesson (`part:line`), to come back to exactly that line at the same width. */
  anchor?: string;
  /** How much of the lesson has been on screen at least once, 0..100. */
  readPercent: number;
  /** The last line of the lesson has been on screen. */
  endReached: boolean;
  timeSpentMs: number;
  /** Set once the end was reached and every self-check question answered. */
  completedAt?: string;
  selfCheck: Record<string, SelfCheckAnswer>;
}

/** An exercise the learner started (`exercise start`) and checked (`exercise check`). */
export interface ExerciseProgress {
  startedAt: string;
  /** Where its file was written (absolute). */
  dir: string;
  lastCheckedAt?: string;
  /** The first check that passed every check. */
  passedAt?: string;
  /** The answer to the exercise's question, when one was given. */
  answer?: string;
  /** How many hints `exercise hint` has shown. */
  hintsSeen?: number;
}

/** A solved challenge (issue 20): when first solved, and the fewest acts it took. */
export interface ChallengeProgress {
  solvedAt: string;
  fewestActs: number;
}

export interface ProgressState {
  schemaVersion: number;
  /** The lesson Home's Continue offers. */
  lastLessonId: string | null;
  lessons: Record<string, LessonProgress>;
  /** Absent in files written by 0.1.0 (no exercises then): read as none. */
  exercises?: Record<string, ExerciseProgress>;
  /** Solved challenges by id; absent in a file from before challenges. */
  challenges?: Record<string, ChallengeProgress>;
}

export function emptyProgress(): ProgressState {
  return { schemaVersion: PROGRESS_SCHEMA_VERSION, lastLessonId: null, lessons: {} };
}

export function progressPath(dir: string = dataDir()): string {
  return join(dir, PROGRESS_FILE);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, what: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`${what} is not a number`);
  return v;
};
const str = (v: unknown, what: string): string => {
  if (typeof v !== 'string') throw new Error(`${what} is not a string`);
  return v;
};
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** What is wrong with a schemaVersion, precisely: "1" written as a string is not an unknown version. */
function schemaVersionProblem(value: unknown, expected: number): string {
  if (value === undefined) return '`schemaVersion` is missing';
  if (typeof value === 'string' && Number(value) === expected) {
    return `\`schemaVersion\` is the string ${JSON.stringify(value)}; it must be the number ${expected}, without quotes`;
  }
  return `unknown schemaVersion ${JSON.stringify(value)} (this version reads ${expected})`;
}

function parseLesson(id: string, value: unknown): LessonProgress {
  if (!isRecord(value)) throw new Error(`lesson ${id} is not an object`);
  const selfCheck: Record<string, SelfCheckAnswer> = {};
  if (value.selfCheck !== undefined) {
    if (!isRecord(value.selfCheck)) throw new Error(`lesson ${id}: selfCheck is not an object`);
    for (const [q, a] of Object.entries(value.selfCheck)) {
      if (!isRecord(a) || typeof a.correct !== 'boolean') throw new Error(`lesson ${id}: self-check ${q} is malformed`);
      selfCheck[q] = { correct: a.correct, attempts: num(a.attempts, 'attempts'), answeredAt: str(a.answeredAt, 'answeredAt') };
    }
  }
  return {
    firstOpenedAt: str(value.firstOpenedAt, `lesson ${id}: firstOpenedAt`),
    lastOpenedAt: str(value.lastOpenedAt, `lesson ${id}: lastOpenedAt`),
    position: clamp(num(value.position, `lesson ${id}: position`), 0, 1),
    readPercent: clamp(num(value.readPercent, `lesson ${id}: readPercent`), 0, 100),
    ...(typeof value.anchor === 'string' ? { anchor: value.anchor } : {}),
    endReached: value.endReached === true,
    timeSpentMs: Math.max(0, num(value.timeSpentMs, `lesson ${id}: timeSpentMs`)),
    ...(typeof value.completedAt === 'string' ? { completedAt: value.completedAt } : {}),
    selfCheck,
  };
}

/** Throws when `raw` is not a progress file (readJsonOrSetAside then sets it aside). */
export function parseProgress(raw: unknown, dropped?: string[]): ProgressState {
  if (!isRecord(raw)) throw new Error('not a JSON object');
  if (raw.schemaVersion !== PROGRESS_SCHEMA_VERSION) throw new Error(schemaVersionProblem(raw.schemaVersion, PROGRESS_SCHEMA_VERSION));
  if (!isRecord(raw.lessons)) throw new Error('`lessons` is not an object');
  const lessons: Record<string, LessonProgress> = {};
  for (const [id, value] of Object.entries(raw.lessons)) {
    try {
      lessons[id] = parseLesson(id, value);
    } catch (err) {
      // With a collector (reading the file), one bad lesson is left out and the rest kept; without, the whole is refused.
      if (!dropped) throw err;
      dropped.push(errorMessage(err));
    }
  }
  const last = raw.lastLessonId;
  const exercises = parseExercises(raw.exercises);
  const challenges = parseChallenges(raw.challenges);
  return {
    schemaVersion: PROGRESS_SCHEMA_VERSION,
    lastLessonId: typeof last === 'string' ? last : null,
    lessons,
    ...(exercises ? { exercises } : {}),
    ...(challenges ? { challenges } : {}),
  };
}

function parseExercises(raw: unknown): Record<string, ExerciseProgress> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) throw new Error('`exercises` is not an object');
  const out: Record<string, ExerciseProgress> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (!isRecord(value)) throw new Error(`exercise ${id} is not an object`);
    const optional = (key: 'lastCheckedAt' | 'passedAt' | 'answer') => (typeof value[key] === 'string' ? { [key]: value[key] as string } : {});
    out[id] = {
      startedAt: str(value.startedAt, `exercise ${id}: startedAt`),
      dir: str(value.dir, `exercise ${id}: dir`),
      ...optional('lastCheckedAt'),
      ...optional('passedAt'),
      ...optional('answer'),
      ...(typeof value.hintsSeen === 'number' && Number.isInteger(value.hintsSeen) && value.hintsSeen >= 0 ? { hintsSeen: value.hintsSeen } : {}),
    };
  }
  return out;
}

function parseChallenges(raw: unknown): Record<string, ChallengeProgress> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) throw new Error('`challenges` is not an object');
  const out: Record<string, ChallengeProgress> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (!isRecord(value)) throw new Error(`challenge ${id} is not an object`);
    const acts = num(value.fewestActs, `challenge ${id}: fewestActs`);
    if (!Number.isSafeInteger(acts) || acts < 0) throw new Error(`challenge ${id}: fewestActs is not a count`);
    out[id] = { solvedAt: str(value.solvedAt, `challenge ${id}: solvedAt`), fewestActs: acts };
  }
  return out;
}

/** Missing: empty. Corrupt: moved aside with a warning (through `warn`), then empty. */
export function loadProgress(dir?: string, warn?: (message: string) => void): ProgressState {
  return readJsonOrSetAside(progressPath(dir), emptyProgress, parseProgress, warn).value;
}

export function saveProgress(state: ProgressState, dir?: string): void {
  writeJsonAtomic(progressPath(dir), state);
}

/**
 * Saves `mine` without losing what another instance on the same data
 * directory saved meanwhile: under the progress lock, re-read the file,
 * merge (base: what this instance last read or wrote), write. Returns what
 * was written, the new base. A corrupt file found here is set aside (warn).
 */
export function saveProgressMerged(base: ProgressState, mine: ProgressState, dir?: string, warn?: (message: string) => void): ProgressState {
  const path = progressPath(dir);
  makeDirs(dirname(path));
  return withFileLock(path, () => {
    const merged = mergeProgress(loadProgress(dir, warn), base, mine);
    writeJsonAtomic(path, merged);
    return merged;
  });
}
