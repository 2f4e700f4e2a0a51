/** The challenges for a screen, at once: the build's snapshot when it matches the files, else the loaders. */
import { allChallenges } from '../../content/challenges/challenge-files.js';
import type { Challenge } from '../../content/challenges/challenge-types.js';
import { builtContent } from '../../content/shared/built-content.js';

export function challengesNow(content: string | undefined): Challenge[] {
  const built = content === undefined ? builtContent()?.challenges : undefined;
  return built ?? allChallenges({ content });
}
