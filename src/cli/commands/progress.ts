/**
 * `fence-tutor progress [--json]`: lessons done, time spent, quiz history
 * and review questions due, from the data directory. `--reset` erases the
 * progress file after asking (on a terminal) or with `--yes` (required
 * without one); the review boxes and quiz reports are the quiz's and stay.
 */
import type { Command } from 'commander';
import { progressPath } from '../../progress/progress-file.js';
import type { ProgressSummary } from '../../progress/summary.js';
import { toolVersion } from '../../platform/package-root.js';
import { commandFlags } from '../global-flags.js';
import { UsageError } from '../../platform/errors.js';
import { printJson } from '../json-output.js';

/** What `progress --json` prints (also the fast path's: src/cli/fast-path.ts). */
export function printProgressJson(summary: ProgressSummary): void {
  printJson({ schemaVersion: 1, version: toolVersion(), file: progressPath(), ...summary });
}

export function register(program: Command): void {
  program
    .command('progress')
    .description('lessons done, time spent, quiz history and review due')
    .option('--json', 'print {"lessons": [...], ...} as JSON')
    .option('--reset', 'erase the lesson progress, exercise status and solved challenges (asks first; --yes without a terminal)')
    .option('-y, --yes', 'with --reset: do not ask')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor progress
  $ fence-tutor progress --json
  $ fence-tutor progress --reset
  $ fence-tutor progress --reset --yes      (scripts, no terminal)`,
    )
    .action(async (_opts, command: Command) => {
      const flags = commandFlags<{ json?: boolean; reset?: boolean; yes?: boolean }>(command);
      if (flags.reset) {
        const { resetProgress } = await import('../../progress/reset.js');
        process.exitCode = await resetProgress({ yes: Boolean(flags.yes), json: Boolean(flags.json) });
        return;
      }
      if (flags.yes) throw new UsageError('--yes only goes with --reset');
      const summary = await (await import('../../progress/gather.js')).gatherProgress({ flags, now: new Date() });
      if (flags.json) {
        printProgressJson(summary);
        return;
      }
      const { decideDisplay } = await import('../terminal.js');
      const { progressLines } = await import('../../ui/progress-text.js');
      const display = decideDisplay(flags);
      process.stdout.write(`${progressLines(summary, display.columns, display.ascii).join('\n')}\n`);
    });
}
