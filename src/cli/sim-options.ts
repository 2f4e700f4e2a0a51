/**
 * The options `sim` and `explore` share: which scenario, and the toggles
 * that override its config. Kept free of heavy imports: the loader is
 * imported only when the action runs.
 */
import { type Command, Option } from 'commander';
import type { ConfigOverrides, Scenario } from '../core/types.js';
import { UsageError } from './errors.js';

export interface ScenarioFlags {
  scenario?: string;
  scenarioFile?: string;
  fencing?: 'on' | 'off';
  minting?: 'durable' | 'volatile';
  check?: 'atomic' | 'split';
  json?: boolean;
  content?: string;
}

/** Adds --scenario, --scenario-file and the three toggles to a command. */
export function addScenarioOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--scenario <id>', 'a shipped scenario (see `fence-tutor scenarios`)'))
    .addOption(new Option('--scenario-file <file>', 'a scenario file of your own (YAML or JSON)'))
    .addOption(new Option('--fencing <mode>', 'override the file: the sink checks tokens or not').choices(['on', 'off']))
    .addOption(new Option('--minting <mode>', 'override the file: how the coordinator mints across failover').choices(['durable', 'volatile']))
    .addOption(new Option('--check <mode>', 'override the file: check and write in one step, or split').choices(['atomic', 'split']))
    .option('--json', 'print the JSON object of the spec, nothing else');
}

export function overridesFrom(flags: ScenarioFlags): ConfigOverrides {
  const o: ConfigOverrides = {};
  if (flags.fencing !== undefined) o.fencing = flags.fencing === 'on';
  if (flags.minting !== undefined) o.minting = flags.minting;
  if (flags.check !== undefined) o.check = flags.check;
  return o;
}

/** Loads the scenario the flags name; usage errors exit 2, file problems too (ContentError). */
export async function scenarioFrom(flags: ScenarioFlags): Promise<Scenario> {
  if (flags.scenario !== undefined && flags.scenarioFile !== undefined) {
    throw new UsageError('give either --scenario ID or --scenario-file FILE, not both');
  }
  if (flags.scenario === undefined && flags.scenarioFile === undefined) {
    throw new UsageError('say which scenario: --scenario ID (see `fence-tutor scenarios`) or --scenario-file FILE');
  }
  const quick = await import('../content/scenario-quick.js');
  if (flags.scenarioFile !== undefined) return quick.quickScenarioFile(flags.scenarioFile);
  const id = flags.scenario!;
  if (flags.content) {
    const { join } = await import('node:path');
    const local = await quick.quickFindScenario(id, join(flags.content, 'scenarios'), true);
    if (local) return local;
  }
  const found = await quick.quickFindScenario(id);
  if (found) return found;
  const { shippedScenarioIds } = await import('../content/scenario-files.js');
  throw new UsageError(
    `--scenario: no scenario named "${id.replace(/[^\w.-]/g, '?')}"; the shipped ones are: ${shippedScenarioIds().join(', ')}`,
  );
}
