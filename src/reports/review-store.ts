/**
 * The learner's review boxes on disk: `review.json` in the data directory,
 * its own file so the progress file's owner and the quiz never write over
 * each other. Read with set-aside on corruption, written atomically.
 * The app reuses this module.
 */
import { makeDirs } from '../platform/make-dirs.js';
import { dirname, join } from 'node:path';
import { emptyReview, parseReviewState, type ReviewState, recordReview } from '../core/quiz/leitner.js';
import { readJsonOrSetAside } from '../content/shared/state-file.js';
import { writeJsonAtomic } from '../platform/atomic-file.js';
import { dataDir } from '../platform/data-dir.js';
import { withFileLock } from '../platform/file-lock.js';

export function reviewPath(dir: string = dataDir()): string {
  return join(dir, 'review.json');
}

export function loadReview(dir?: string, warn?: (m: string) => void): ReviewState {
  return readJsonOrSetAside(reviewPath(dir), emptyReview, parseReviewState, warn).value;
}

export function saveReview(state: ReviewState, dir?: string): void {
  writeJsonAtomic(reviewPath(dir), state);
}

/** Records a sitting's results (id, correct) at `now` and saves. */
export function recordReviewResults(results: readonly { id: string; correct: boolean }[], now: Date, dir?: string): ReviewState {
  const path = reviewPath(dir);
  makeDirs(dirname(path));
  // Read, change and write under the lock: two sittings ending at once both count.
  return withFileLock(path, () => {
    let state = loadReview(dir);
    for (const r of results) state = recordReview(state, r.id, r.correct, now);
    saveReview(state, dir);
    return state;
  });
}
