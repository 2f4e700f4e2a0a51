/**
 * `fence-tutor challenge ID`: on a terminal, the challenge in the app (the
 * simulator with the goal above the timeline); otherwise its statement.
 * `--check FILE` checks a saved run headlessly: exit 0 solved (acts against
 * par), 1 not solved (which part of the goal failed), 2 bad input.
 */
import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import { UsageError } from '../../platform/errors.js';
import { loadRunApp } from '../load-app.js';

export function register(program: Command): void {
  program
    .command('challenge')
    .description('open a challenge, or check a saved run against it (--check FILE)')
    .argument('<id>', 'the challenge (fence-tutor challenges lists them)')
    .option('--check <file>', 'check a saved run (a scenario file) against the challenge')
    .option('--json', 'with --check: print the verdict as JSON')
    .addHelpText(
      'after',
      `
Exit status with --check: 0 solved, 1 not solved, 2 bad input (a missing or
invalid file, or a change the challenge does not allow).

Examples:
  $ fence-tutor challenge lose-b-update
  $ fence-tutor challenge lose-b-update --check ~/my-run.yaml --json`,
    )
    .action(async (id: string, _opts, command: Command) => {
      const flags = commandFlags<{ check?: string; json?: boolean }>(command);
      const { challengeList } = await import('../../content/challenges/challenge-source.js');
      const all = await challengeList(flags);
      const challenge = all.find((c) => c.id === id);
      if (!challenge) {
        const { sanitizeLine } = await import('../../content/shared/sanitize.js');
        throw new UsageError(`no challenge "${sanitizeLine(id)}". Fix: use one of: ${all.map((c) => c.id).join(', ')} (fence-tutor challenges lists them)`);
      }
      if (flags.check !== undefined) {
        const { runCheckCommand } = await import('../challenge/challenge-check-command.js');
        process.exitCode = runCheckCommand(challenge, flags.check, Boolean(flags.json));
        return;
      }
      if (flags.json) throw new UsageError('--json goes with --check FILE');
      const { decideDisplay } = await import('../terminal.js');
      const display = decideDisplay(flags);
      if (display.interactive) {
        const { assertDataDirUsable } = await import('../../platform/data-dir-check.js');
        assertDataDirUsable({ write: true });
        const { runApp } = await loadRunApp();
        process.exitCode = await runApp({ route: { screen: 'challenge', id: challenge.id }, display, flags });
        return;
      }
      const { challengeStatementText } = await import('../challenge/challenge-output.js');
      process.stdout.write(challengeStatementText(challenge, display));
    });
}
