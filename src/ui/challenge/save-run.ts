/**
 * `w` on the challenge screen: the run as it stands saved as a scenario file
 * under the data directory's runs/, so `challenge ID --check FILE` can judge
 * it without rebuilding it in the simulator. Returns the sentence to show.
 */
import { defaultRunPath } from '../../content/scenario/run-paths.js';
import { saveRun } from '../../content/scenario/saved-runs.js';

export function saveChallengeRun(id: string, sandbox: { toScenarioFile(title: string): string }, pathFor: (id: string) => string = defaultRunPath): string {
  const outcome = saveRun(sandbox.toScenarioFile(`${id} run`), pathFor(`${id}-run`));
  return 'saved' in outcome
    ? `Saved to ${outcome.saved}; check it with: fence-tutor challenge ${id} --check ${outcome.saved}`
    : `Not saved: ${outcome.refused}`;
}
