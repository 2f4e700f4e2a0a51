/**
 * What `sim --json` and `explore` do once their flags are parsed, in one
 * module that the actions import once. The build keeps it inside the entry
 * (`INLINE` in scripts/build.mjs), so this path loads no code beyond
 * dist/cli.cjs (issue 2 asks both commands to finish within 1.5x of
 * `node -e 0`). Plain text and the Ink app stay behind their own
 * imports, loaded only when asked for.
 */
import { join } from 'node:path';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { quickFindScenario, quickScenarioFile } from '../../content/scenario/scenario-quick.js';
import { simulate } from '../../core/engine.js';
import { explore } from '../../core/explorer.js';
import { ExplorerLimitError } from '../../core/explorer-limit.js';
import { exploreToJson, simToJson } from '../../core/sim-json.js';
import type { Scenario } from '../../core/types.js';
import { UsageError } from '../../platform/errors.js';
import type { GlobalFlags } from '../../platform/global-flags.js';
import { printJson } from '../json-output.js';
import { overridesFrom, type ScenarioFlags } from './scenario-flags.js';
import { decideDisplay } from '../terminal.js';

/** Loads the scenario the flags name; usage errors exit 2, file problems too (ContentError). */
export async function scenarioFrom(flags: ScenarioFlags): Promise<Scenario> {
  if (flags.scenario !== undefined && flags.scenarioFile !== undefined) {
    throw new UsageError('give either --scenario ID or --scenario-file FILE, not both');
  }
  if (flags.scenario === undefined && flags.scenarioFile === undefined) {
    throw new UsageError('say which scenario: --scenario ID (see `fence-tutor scenarios`) or --scenario-file FILE');
  }
  if (flags.scenarioFile !== undefined) return quickScenarioFile(flags.scenarioFile);
  const id = flags.scenario!;
  if (flags.content) {
    const local = await quickFindScenario(id, join(flags.content, 'scenarios'), true);
    if (local) return local;
  }
  const found = await quickFindScenario(id);
  if (found) return found;
  const { shippedScenarioIds } = await import('../../content/scenario/scenario-files.js');
  // A path given to --scenario (found on issue 33's walk): its slashes showed as '?' and nothing said why.
  const looksLikeFile = /[/\\]|\.(ya?ml|json)$/i.test(id);
  const fix = looksLikeFile ? '. Fix: a file of your own goes to --scenario-file FILE' : '';
  throw new UsageError(`--scenario: no scenario named "${id.replace(/[^\w.-]/g, '?')}"; the shipped ones are: ${shippedScenarioIds().join(', ')}${fix}`);
}

/** `sim --json`: the spec's object for one timed run. */
export async function printSimJson(flags: ScenarioFlags): Promise<void> {
  printSimJsonOf(await scenarioFrom(flags), flags);
}

export function printSimJsonOf(scenario: Scenario, flags: ScenarioFlags): void {
  printJson(simToJson(simulate(scenario, overridesFrom(flags))));
}

/** `explore --json`: the counts as JSON. */
export function printExploreJsonOf(scenario: Scenario, flags: ScenarioFlags): void {
  printJson(exploreToJson(exploreWithinLimit(scenario, flags)));
}

/** `explore`: the counts as JSON, or as text with bars and the counterexample. */
export async function runExplore(flags: ScenarioFlags & GlobalFlags): Promise<void> {
  const scenario = await scenarioFrom(flags);
  if (flags.json) {
    printExploreJsonOf(scenario, flags);
    return;
  }
  const result = exploreWithinLimit(scenario, flags);
  const { explorePlainText } = await import('./explore-plain.js');
  process.stdout.write(explorePlainText(scenario, result, decideDisplay(flags)));
}

/** The explorer's state limit is a problem with the input: exit 2, naming the scenario. */
function exploreWithinLimit(scenario: Scenario, flags: ScenarioFlags) {
  try {
    return explore(scenario, overridesFrom(flags));
  } catch (err) {
    if (!(err instanceof ExplorerLimitError)) throw err;
    const where = flags.scenarioFile !== undefined ? `--scenario-file ${sanitizeLine(flags.scenarioFile)}` : `--scenario ${scenario.id}`;
    throw new UsageError(`${where}: ${err.message}`);
  }
}
