/**
 * How many review questions are due, for Home's Quiz entry. Kept apart from
 * the quiz screen so Home (which is not loaded lazily) reads one small JSON
 * file and never loads the bank, YAML or the engine.
 */
import { dueIds } from '../../../core/quiz/leitner.js';
import { loadReview } from '../../../reports/review-store.js';

/** Questions due at `now` in the learner's review boxes; 0 when there are none or the file cannot be read. */
export function dueCount(now: number, dir?: string): number {
  try {
    // A corrupt file is set aside (as everywhere); Home says nothing over the app's frame.
    return dueIds(
      loadReview(dir, () => {}),
      new Date(now),
    ).length;
  } catch {
    return 0;
  }
}

/** Home's description of the Quiz entry: `practice · exam · review (4 due)`. */
export function quizEntryDescription(due: number, dot: string): string {
  return `practice ${dot} exam ${dot} review${due > 0 ? ` (${due} due)` : ''}`;
}
