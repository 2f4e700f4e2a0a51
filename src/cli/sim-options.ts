/**
 * The options `sim` and `explore` share: which scenario, and the toggles
 * that override its config. Kept free of heavy imports: the actions' work
 * (scenario-run.ts) is imported only when one runs.
 */
import { type Command, Option } from 'commander';
import type { ConfigOverrides } from '../core/types.js';

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
