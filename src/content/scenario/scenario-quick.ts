/**
 * Loading for `sim` and `explore`: a shipped scenario comes from the build's
 * snapshot when it matches the files (built-content.ts), anything else (a
 * user's file, a folder given with --content, no snapshot) through the full
 * loader, imported on demand so the entry stays small. Issue 32 removed the
 * hand-written YAML subset reader that was here: with the real YAML library
 * a user's file stays within the goal (`sim`/`explore --json` on a user's
 * file <= 2.5x `node -e 0`; measured 1.8x, docs/performance.md).
 */
import type { Scenario } from '../../core/types.js';
import { shippedDir } from '../../platform/package-root.js';
import { builtScenario } from '../shared/built-content.js';
import { readScenarioText } from './scenario-files.js';
import { SCENARIO_ID } from './scenario-validate.js';

export async function quickScenarioFile(path: string, local = true): Promise<Scenario> {
  const text = readScenarioText(path);
  const { loadScenarioText } = await import('./scenario-loader.js');
  const scenario = loadScenarioText(text, path);
  scenario.origin = { file: path, local };
  return scenario;
}

/** A scenario by id from a folder of files named after their ids (the shipped one by default). */
export async function quickFindScenario(id: string, dir = shippedDir('scenarios'), local = false): Promise<Scenario | undefined> {
  if (!SCENARIO_ID.test(id)) return undefined;
  if (!local && dir === shippedDir('scenarios')) {
    const built = builtScenario(id);
    if (built) return built;
  }
  const { findScenarioIn } = await import('./scenario-loader.js');
  return findScenarioIn(id, dir, local);
}
