/**
 * `validate`'s part for challenge files: each loads (the scenario it names
 * resolved among the scenarios checked with it, then the shipped ones), ids
 * are unique among those checked, its lesson exists, and its goal holds
 * where it should (challenge-check.ts).
 */
import type { Scenario } from '../../core/types.js';
import { displayPath } from '../lesson/lesson-loader.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { challengeProblems } from './challenge-check.js';
import { loadChallengeFile } from './challenge-loader.js';
import type { Challenge } from './challenge-types.js';

export function validateChallenges(
  files: readonly string[],
  scenarioById: (id: string) => Scenario | undefined,
  lessonIds: ReadonlySet<string>,
  problems: Problem[],
): Challenge[] {
  const seen = new Map<string, Challenge>();
  for (const path of files) {
    let challenge: Challenge;
    try {
      challenge = loadChallengeFile(displayPath(path), scenarioById);
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      problems.push(...err.problems);
      continue;
    }
    const first = seen.get(challenge.id);
    if (first) {
      problems.push({
        file: challenge.file,
        line: challenge.lines.id ?? 1,
        message: `duplicate challenge id "${challenge.id}" (also in ${first.file})`,
        fix: 'give every challenge its own id',
      });
      continue;
    }
    if (!lessonIds.has(challenge.lesson)) {
      problems.push({
        file: challenge.file,
        line: challenge.lines.lesson ?? 1,
        message: `the challenge names lesson "${challenge.lesson}", which is not a lesson`,
        fix: 'use a lesson id (fence-tutor lessons shows them)',
      });
    }
    problems.push(...challengeProblems(challenge));
    seen.set(challenge.id, challenge);
  }
  return [...seen.values()];
}
