/**
 * The challenges a command sees: the build's snapshot of the shipped ones
 * when it matches the files and no `--content` is given (no YAML parser to
 * load, issue 18), else the loaders (shipped, then DIR/challenges).
 */
import { builtContent } from '../content/shared/built-content.js';
import { allChallenges } from '../content/challenges/challenge-files.js';
import type { Challenge } from '../content/challenges/challenge-types.js';

export function challengeList(flags: { content?: string } = {}): Challenge[] {
  const built = flags.content === undefined ? builtContent() : undefined;
  return built?.challenges ?? allChallenges(flags);
}

/** One challenge by id, or undefined. */
export function findChallenge(id: string, flags: { content?: string } = {}): Challenge | undefined {
  return challengeList(flags).find((c) => c.id === id);
}
