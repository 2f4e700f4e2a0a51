/**
 * Progress gathered from lessons already at hand: gather.ts finds them (the
 * build's snapshot, else the content loaders) and the fast path has them
 * from the build, so neither loads the loaders for the shipped content.
 */
import type { ContentFlags, LessonSources } from '../content/shared/content-sources.js';
import type { ReviewState } from '../core/quiz/leitner.js';
import { loadReview } from '../reports/review-store.js';
import { loadProgress, type ProgressState } from './progress-file.js';
import { loadQuizHistory } from './quiz-history.js';
import { listExercises } from '../content/exercise/exercise-registry.js';
import { type ChallengeInfo, type ExerciseInfo, type LessonInfo, type ProgressSummary, summarize } from './summary.js';
import { errorMessage } from '../platform/error-message.js';

/** The review boxes the quiz keeps (review.json), through the quiz's own store. */
function loadReviewBoxes(dir?: string, warn?: (m: string) => void): ReviewState {
  return loadReview(dir, warn);
}

export function lessonInfosFrom({ curriculum, localIds }: LessonSources): LessonInfo[] {
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
  /** The challenges to list (shipped and local); none when absent. */
  challenges?: readonly ChallengeInfo[];
}

export function gatherProgressFrom(lessons: LessonSources, o: GatherOptions): ProgressSummary {
  return gatherProgressFromInfos(lessonInfosFrom(lessons), o);
}

/** The same from the lessons' facts alone (the build writes them for the shipped lessons: src/cli/fast-path.ts). */
export function gatherProgressFromInfos(infos: LessonInfo[], o: Omit<GatherOptions, 'flags'>): ProgressSummary {
  const progress = o.progress ?? loadProgress(o.dir, o.warn);
  return summarize(infos, progress, loadReviewBoxes(o.dir, o.warn), loadQuizHistory(o.dir), o.now, undefined, exerciseInfos(o.warn), o.challenges ?? []);
}

/** The shipped exercises' ids and titles; none (with a warning) when their manifests cannot be read. */
function exerciseInfos(warn?: (m: string) => void): ExerciseInfo[] {
  try {
    return listExercises().map((e) => ({ id: e.id, title: e.title, lesson: e.lesson }));
  } catch (err) {
    warn?.(`the exercises cannot be listed: ${errorMessage(err)}`);
    return [];
  }
}
