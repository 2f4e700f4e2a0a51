/**
 * Review boxes (Leitner): a question answered wrong enters box 1; a right
 * answer moves it up one box (to at most MAX_BOX), a wrong one back to box 1.
 * Box k is due 2^(k-1) days after it was last answered. Questions that were
 * never answered wrong are not tracked. Pure: dates are passed in.
 */

export const MAX_BOX = 5;
export const DAY_MS = 24 * 60 * 60 * 1000;
const REVIEW_SCHEMA_VERSION = 1;

export interface ReviewEntry {
  box: number;
  /** ISO time of the last answer. */
  lastAnsweredAt: string;
  /** ISO time from which it is due again. */
  dueAt: string;
}

export interface ReviewState {
  schemaVersion: number;
  questions: Record<string, ReviewEntry>;
}

export function emptyReview(): ReviewState {
  return { schemaVersion: REVIEW_SCHEMA_VERSION, questions: {} };
}

/** How long after an answer a question in `box` is due again. */
export function boxIntervalMs(box: number): number {
  return 2 ** (Math.max(1, box) - 1) * DAY_MS;
}

/** Records one answer; returns a new state. */
export function recordReview(state: ReviewState, id: string, correct: boolean, now: Date): ReviewState {
  const prev = state.questions[id];
  if (!prev && correct) return state;
  const box = correct && prev ? Math.min(MAX_BOX, prev.box + 1) : 1;
  const entry: ReviewEntry = {
    box,
    lastAnsweredAt: now.toISOString(),
    dueAt: new Date(now.getTime() + boxIntervalMs(box)).toISOString(),
  };
  return { ...state, questions: { ...state.questions, [id]: entry } };
}

/** Ids due at `now`, most overdue first (then by id); only ids in `known` when given. */
export function dueIds(state: ReviewState, now: Date, known?: ReadonlySet<string>): string[] {
  const t = now.getTime();
  return Object.entries(state.questions)
    .filter(([id, e]) => Date.parse(e.dueAt) <= t && (!known || known.has(id)))
    .sort(([a, x], [b, y]) => Date.parse(x.dueAt) - Date.parse(y.dueAt) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
}

/** Throws when `raw` is not a review state (for readJsonOrSetAside). */
export function parseReviewState(raw: unknown): ReviewState {
  if (!raw || typeof raw !== 'object') throw new Error('not an object');
  const r = raw as { schemaVersion?: unknown; questions?: unknown };
  if (typeof r.questions !== 'object' || r.questions === null || Array.isArray(r.questions)) {
    throw new Error('"questions" is not an object');
  }
  const questions: Record<string, ReviewEntry> = {};
  for (const [id, e] of Object.entries(r.questions as Record<string, unknown>)) {
    const entry = e as Partial<ReviewEntry> | null;
    if (
      !entry ||
      typeof entry.box !== 'number' ||
      !Number.isInteger(entry.box) ||
      entry.box < 1 ||
      entry.box > MAX_BOX ||
      typeof entry.dueAt !== 'string' ||
      Number.isNaN(Date.parse(entry.dueAt)) ||
      typeof entry.lastAnsweredAt !== 'string'
    ) {
      throw new Error(`the entry for "${id}" is malformed`);
    }
    questions[id] = { box: entry.box, dueAt: entry.dueAt, lastAnsweredAt: entry.lastAnsweredAt };
  }
  return { schemaVersion: REVIEW_SCHEMA_VERSION, questions };
}
