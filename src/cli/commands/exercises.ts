import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';

/**
 * `fence-tutor exercises [--json]`: the hands-on exercises with their
 * status. Loads the manifests (JSON) and the progress file only: no runner,
 * no YAML parser, no SQLite.
 */
export function register(program: Command): void {
  program
    .command('exercises')
    .description('the hands-on exercises: write a sink or client, checked on real processes')
    .option('--json', 'print {"exercises": [...]} as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor exercises
  $ fence-tutor exercise start fence-the-sink
  $ fence-tutor exercise check fence-the-sink`,
    )
    .action(async (_opts, command: Command) => {
      const [{ printExerciseList }, { allLessons }] = await Promise.all([
        import('../exercise/exercise-list.js'),
        import('../../content/shared/content-sources.js'),
      ]);
      const numbers = new Map(allLessons().curriculum.lessons.map((l) => [l.id, l.number]));
      printExerciseList(commandFlags<{ json?: boolean }>(command), numbers);
    });
}
