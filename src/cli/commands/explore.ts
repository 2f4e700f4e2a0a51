/**
 * `fence-tutor explore`: every ordering in which the scenario's writes could
 * reach the sink (spec section 5), counted exactly, with one violating
 * ordering when there is any.
 */
import type { Command } from 'commander';
import { decideDisplay } from '../terminal.js';
import { addScenarioOptions, overridesFrom, type ScenarioFlags, scenarioFrom } from '../sim-options.js';

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
      const flags = command.optsWithGlobals() as ScenarioFlags & Record<string, unknown>;
      const scenario = await scenarioFrom(flags);
      const { explore } = await import('../../core/explorer.js');
      const result = explore(scenario, overridesFrom(flags));
      if (flags.json) {
        const { exploreToJson } = await import('../../core/sim-json.js');
        const { printJson } = await import('../json-output.js');
        printJson(exploreToJson(result));
        return;
      }
      const { explorePlainText } = await import('../explore-plain.js');
      process.stdout.write(explorePlainText(scenario, result, decideDisplay(flags)));
    });
}
