/**
 * The options `sim` and `explore` share: which scenario, and the toggles
 * that override its config. Kept free of heavy imports: the actions' work
 * (scenario-run.ts) is imported only when one runs.
 */
import { type Command, Option } from 'commander';
import { CHECK_CHOICES, FENCING_CHOICES, MINTING_CHOICES } from './scenario-flags.js';

export { overridesFrom, type ScenarioFlags } from './scenario-flags.js';

/** Adds --scenario, --scenario-file and the three toggles to a command. */
export function addScenarioOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--scenario <id>', 'a shipped scenario (see `fence-tutor scenarios`)'))
    .addOption(new Option('--scenario-file <file>', 'a scenario file of your own (YAML or JSON)'))
    .addOption(new Option('--fencing <mode>', 'override the file: the sink checks tokens or not').choices(FENCING_CHOICES))
    .addOption(new Option('--minting <mode>', 'override the file: how the coordinator mints across failover').choices(MINTING_CHOICES))
    .addOption(new Option('--check <mode>', 'override the file: check and write in one step, or split').choices(CHECK_CHOICES))
    .option('--json', 'print one JSON object (its fields: docs/scenarios.md), nothing else');
}
