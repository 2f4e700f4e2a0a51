/**
 * Everything Progress shows, read from the data directory and the content:
 * used by the Progress screen and by `fence-tutor progress [--json]`.
 *
 * The shipped lessons and challenges come from the build's snapshot when it
 * matches the files and no `--content` is given; the content loaders (and
 * their YAML, Markdown and schema libraries) are imported only otherwise.
 * Loaded with the screen, they took the Progress screen's idle peak from
 * 69 to 92 MB, over issue 18's 84 MB, and parsing the 13 challenge files
 * took about 100 ms before it showed.
 */
import type { Challenge } from '../content/challenges/challenge-types.js';
import { challengeList } from '../content/challenges/challenge-source.js';
import { builtContent } from '../content/shared/built-content.js';
import { type GatherOptions, gatherProgressFrom } from './gather-from.js';
import type { ChallengeInfo, ProgressSummary } from './summary.js';

export type { GatherOptions } from './gather-from.js';

export async function gatherProgress(o: GatherOptions): Promise<ProgressSummary> {
  const built = o.flags.content === undefined ? builtContent() : undefined;
  const lessons = built
    ? { curriculum: built.curriculum, localIds: new Set<string>() }
    : (await import('../content/shared/content-sources.js')).allLessons(o.flags);
  return gatherProgressFrom(lessons, { ...o, challenges: o.challenges ?? challengeInfos(await challengeList(o.flags)) });
}

/** What Progress lists of a challenge (shipped and the content directory's). */
function challengeInfos(challenges: readonly Challenge[]): ChallengeInfo[] {
  return challenges.map(({ id, title, lesson, par }) => ({ id, title, lesson, par }));
}
