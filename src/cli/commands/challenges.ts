/** `fence-tutor challenges [--json]`: the challenges, in lesson order, with what the learner has solved. */
import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';

export function register(program: Command): void {
  program
    .command('challenges')
    .description('list the challenges: goals to reach by acting on a run')
    .option('--json', 'print {"challenges": [{id, title, lesson, status, fewestActs, par}, ...]}')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor challenges
  $ fence-tutor challenge lose-b-update          open one (on a terminal)
  $ fence-tutor challenge lose-b-update --check my-run.yaml`,
    )
    .action(async (_opts, command: Command) => {
      const flags = commandFlags<{ json?: boolean }>(command);
      const { challengeList } = await import('../../content/challenges/challenge-source.js');
      const { loadProgress } = await import('../../progress/progress-file.js');
      const { challengeListText, challengeRows } = await import('../challenge/challenge-rows.js');
      const solved = loadProgress().challenges ?? {};
      const rows = challengeRows(await challengeList(flags), solved);
      if (flags.json) {
        const { printJson } = await import('../json-output.js');
        printJson({ challenges: rows });
        return;
      }
      const { decideDisplay } = await import('../terminal.js');
      process.stdout.write(challengeListText(rows, decideDisplay(flags)));
    });
}
