/**
 * `fence-tutor explore`: every ordering in which the scenario's writes could
 * reach the sink (spec section 5), counted exactly, with one violating
 * ordering when there is any.
 */
import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import { addScenarioOptions, type ScenarioFlags } from '../scenario/sim-options.js';

export function register(program: Command): void {
  const cmd = program.command('explore').description('count every ordering of the writes in flight, and show one that goes wrong');
  addScenarioOptions(cmd)
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor explore --scenario late-write --check split
  $ fence-tutor explore --scenario late-write --fencing off --json
  $ fence-tutor explore --scenario-file my-scenario.yaml`,
    )
    .action(async (_opts, command: Command) => {
      const { runExplore } = await import('../scenario/scenario-run.js');
      await runExplore(commandFlags<ScenarioFlags>(command));
    });
}
