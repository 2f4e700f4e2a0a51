/**
 * The challenges a command or Progress sees: the build's snapshot of the
 * shipped ones when it matches the files and no `--content` is given (no
 * YAML parser, no loaders: `challenges` must start about as fast as `node -e
 * 0`, issue 18), else the loaders (shipped, then DIR/challenges), imported
 * only then.
 */
import { builtContent } from '../shared/built-content.js';
import type { Challenge } from './challenge-types.js';

export async function challengeList(flags: { content?: string | undefined } = {}): Promise<Challenge[]> {
  const built = flags.content === undefined ? builtContent()?.challenges : undefined;
  if (built) return built;
  const { allChallenges } = await import('./challenge-files.js');
  return allChallenges(flags);
}
