/**
 * Everything Progress shows, read from the data directory and the content:
 * used by the Progress screen and by `fence-tutor progress [--json]`.
 */
import { allLessons, type ContentFlags } from '../content/shared/content-sources.js';
import { type GatherOptions, gatherProgressFrom, lessonInfosFrom } from './gather-from.js';
import type { LessonInfo, ProgressSummary } from './summary.js';

export { type GatherOptions, loadReviewBoxes } from './gather-from.js';

export function lessonInfos(flags: ContentFlags): LessonInfo[] {
  return lessonInfosFrom(allLessons(flags));
}

export function gatherProgress(o: GatherOptions): ProgressSummary {
  return gatherProgressFrom(allLessons(o.flags), o);
}
