/**
 * Pure transitions of the progress state: no I/O, no clock (times come in
 * as Dates). The store calls these and saves; the CLI reads the summary.
 */
import type { LessonProgress, ProgressState } from './progress-file.js';

function blank(now: Date): LessonProgress {
  const at = now.toISOString();
  return { firstOpenedAt: at, lastOpenedAt: at, position: 0, readPercent: 0, endReached: false, timeSpentMs: 0, selfCheck: {} };
}

function withLesson(state: ProgressState, id: string, change: (l: LessonProgress) => LessonProgress, now: Date): ProgressState {
  const current = state.lessons[id] ?? blank(now);
  return { ...state, lessons: { ...state.lessons, [id]: change(current) } };
}

/** The reader opened a lesson: it becomes the one Continue offers. */
export function markOpened(state: ProgressState, id: string, now: Date): ProgressState {
  const next = withLesson(state, id, (l) => ({ ...l, lastOpenedAt: now.toISOString() }), now);
  return { ...next, lastLessonId: id };
}

export interface ViewReport {
  /** Top of the view as a fraction of the lesson (0..1). */
  position: number;
  /** Bottom of the view as a fraction of the lesson (0..1). */
  seen: number;
  /** The top line's key, when it has one. */
  anchor?: string | undefined;
}

/** Where the reader is; how far it has read only grows. */
export function markViewed(state: ProgressState, id: string, view: ViewReport, now: Date): ProgressState {
  const position = Math.min(1, Math.max(0, view.position));
  const seen = Math.min(1, Math.max(0, view.seen));
  return withLesson(
    state,
    id,
    (l) => ({
      ...l,
      position,
      ...(view.anchor !== undefined ? { anchor: view.anchor } : {}),
      readPercent: Math.max(l.readPercent, Math.round(seen * 100)),
      endReached: l.endReached || seen >= 1,
    }),
    now,
  );
}

export function addTime(state: ProgressState, id: string, ms: number, now: Date): ProgressState {
  if (!(ms > 0)) return state;
  return withLesson(state, id, (l) => ({ ...l, timeSpentMs: l.timeSpentMs + Math.round(ms) }), now);
}

/** A self-check answer; the first try is what counts, later tries only add attempts. */
export function recordSelfCheck(state: ProgressState, id: string, questionId: string, correct: boolean, now: Date): ProgressState {
  return withLesson(
    state,
    id,
    (l) => {
      const before = l.selfCheck[questionId];
      const entry = before ? { ...before, attempts: before.attempts + 1 } : { correct, attempts: 1, answeredAt: now.toISOString() };
      return { ...l, selfCheck: { ...l.selfCheck, [questionId]: entry } };
    },
    now,
  );
}

/**
 * Completed once the end has been reached and every self-check question of
 * the lesson answered (a lesson without questions: the end is enough).
 */
export function isComplete(lesson: LessonProgress | undefined, selfCheckIds: readonly string[]): boolean {
  if (!lesson?.endReached) return false;
  return selfCheckIds.every((q) => lesson.selfCheck[q] !== undefined);
}

export function settleCompletion(state: ProgressState, id: string, selfCheckIds: readonly string[], now: Date): ProgressState {
  const l = state.lessons[id];
  if (!l || l.completedAt || !isComplete(l, selfCheckIds)) return state;
  return withLesson(state, id, (x) => ({ ...x, completedAt: now.toISOString() }), now);
}

/** A challenge solved in `acts` acts: the first solve's time stays, the fewest acts are kept. */
export function recordChallengeSolved(state: ProgressState, id: string, acts: number, now: Date): ProgressState {
  const before = state.challenges?.[id];
  const entry = before ? { solvedAt: before.solvedAt, fewestActs: Math.min(before.fewestActs, acts) } : { solvedAt: now.toISOString(), fewestActs: acts };
  return { ...state, challenges: { ...(state.challenges ?? {}), [id]: entry } };
}
