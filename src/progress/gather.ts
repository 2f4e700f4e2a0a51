/**
 * Everything Progress shows, read from the data directory and the content:
 * used by the Progress screen and by `fence-tutor progress [--json]`.
 */
import { allLessons, type ContentFlags } from '../content/content-sources.js';
import type { ReviewState } from '../core/quiz/leitner.js';
import { loadReview } from '../quiz/review-store.js';
import { loadProgress, type ProgressState } from './progress-file.js';
import { loadQuizHistory } from './quiz-history.js';
import { type LessonInfo, type ProgressSummary, summarize } from './summary.js';

/** The review boxes the quiz keeps (review.json), through the quiz's own store. */
export function loadReviewBoxes(dir?: string, warn?: (m: string) => void): ReviewState {
  return loadReview(dir, warn);
}

export function lessonInfos(flags: ContentFlags): LessonInfo[] {
  const { curriculum, localIds } = allLessons(flags);
  return curriculum.lessons.map((l) => ({
    number: l.number,
    id: l.id,
    title: l.title,
    selfCheckIds: l.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : [])),
    local: localIds.has(l.id),
  }));
}

export interface GatherOptions {
  flags: ContentFlags;
  now: Date;
  dir?: string;
  /** The progress in memory (the app's store), else read from the file. */
  progress?: ProgressState;
  warn?: (m: string) => void;
}

export function gatherProgress(o: GatherOptions): ProgressSummary {
  const progress = o.progress ?? loadProgress(o.dir, o.warn);
  return summarize(lessonInfos(o.flags), progress, loadReviewBoxes(o.dir, o.warn), loadQuizHistory(o.dir), o.now);
}
