/**
 * `fence-tutor sim`: one timed run of a scenario (spec section 4). `--json`
 * prints the spec's object; `--plain` or no TTY prints the text timeline and
 * the outcome in words; on a TTY it opens the interactive simulator.
 */
import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import { decideDisplay } from '../terminal.js';
import { addScenarioOptions, overridesFrom, type ScenarioFlags } from '../scenario/sim-options.js';
import { loadRunApp } from '../load-app.js';

export function register(program: Command): void {
  const cmd = program.command('sim').description('run a scenario and show what happens, tick by tick');
  addScenarioOptions(cmd)
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor sim --scenario late-write
  $ fence-tutor sim --scenario late-write --fencing off --plain
  $ fence-tutor sim --scenario-file my-scenario.yaml --check split --json`,
    )
    .action(async (_opts, command: Command) => {
      const flags = commandFlags<ScenarioFlags>(command);
      if (flags.json) {
        // Before decideDisplay: --json is never interactive, and asking the
        // streams whether they are terminals builds them (see writeStdout).
        const { printSimJson } = await import('../scenario/scenario-run.js');
        await printSimJson(flags);
        return;
      }
      const display = decideDisplay(flags);
      if (display.interactive && flags.scenario === undefined && flags.scenarioFile === undefined) {
        // On a terminal, `sim` alone opens the simulator's scenario picker.
        const { runApp } = await loadRunApp();
        process.exitCode = await runApp({ route: { screen: 'simulator', overrides: overridesFrom(flags) }, display, flags });
        return;
      }
      const { scenarioFrom } = await import('../scenario/scenario-run.js');
      const scenario = await scenarioFrom(flags);
      const overrides = overridesFrom(flags);
      if (display.interactive) {
        const { runApp } = await loadRunApp();
        process.exitCode = await runApp({ route: { screen: 'simulator', scenario, overrides }, display, flags });
        return;
      }
      const { simPlainText } = await import('../scenario/sim-plain.js');
      process.stdout.write(simPlainText(scenario, overrides, display));
    });
}
