/**
 * Everything Progress shows, read from the data directory and the content:
 * used by the Progress screen and by `fence-tutor progress [--json]`.
 */
import { allLessons, type ContentFlags } from '../content/shared/content-sources.js';
import { type GatherOptions, gatherProgressFrom } from './gather-from.js';
import { allChallenges } from '../content/challenges/challenge-files.js';
import type { ChallengeInfo, ProgressSummary } from './summary.js';

export type { GatherOptions } from './gather-from.js';

export function gatherProgress(o: GatherOptions): ProgressSummary {
  return gatherProgressFrom(allLessons(o.flags), { ...o, challenges: o.challenges ?? challengeInfos(o.flags) });
}

/** The shipped challenges and the content directory's, as Progress lists them. */
function challengeInfos(flags: ContentFlags): ChallengeInfo[] {
  return allChallenges(flags).map(({ id, title, lesson, par }) => ({ id, title, lesson, par }));
}
