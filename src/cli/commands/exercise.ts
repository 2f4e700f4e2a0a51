import { type Command, Option } from 'commander';
import type { CheckFlags } from '../exercise/exercise-check.js';
import { commandFlags } from '../global-flags.js';

/**
 * `fence-tutor exercise start|check|hint|reset|solution ID`: one exercise.
 * Flags are checked here; the work loads inside each action.
 */
export function register(program: Command): void {
  const exercise = program
    .command('exercise')
    .description('start, check, hint, reset or see the solution of one exercise')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor exercise start fence-the-sink
  $ fence-tutor exercise check fence-the-sink
  $ fence-tutor exercise check fence-the-sink --json
  $ fence-tutor exercise check fence-the-sink \\
      --sink-cmd 'python3 sink.py {port} {db}'
  $ fence-tutor exercise hint fence-the-sink
  $ fence-tutor exercise reset fence-the-sink --yes
  $ fence-tutor exercise solution fence-the-sink --reveal`,
    );
  exercise
    .command('start <id>')
    .description('write the starter file and README (default directory ./fence-exercises/ID)')
    .option('--dir <dir>', 'where to write it')
    .option('--force', 'overwrite a starter file you changed')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor exercise start fence-the-sink
  $ fence-tutor exercise start durable-mark --dir ~/work/durable-mark`,
    )
    .action(async (id: string, opts: { dir?: string; force?: boolean }) => {
      const { startExercise } = await import('../exercise/exercise-actions.js');
      process.exitCode = startExercise(id, opts);
    });
  exercise
    .command('check <id>')
    .description('run your code for real and check it')
    .option('--dir <dir>', 'where your file is (default: where you started it)')
    .option('--json', 'print the report as one JSON object')
    .option('--watch', 'check again on every save (not with --json)')
    .option('--answer <text>', "your answer to the exercise's question (split-the-check)")
    .option('--sink-cmd <cmd>', 'check a sink in any language as a black box: {port} and {db} are replaced (docs/sink-contract.md)')
    .option('--etcd-bin <path>', 'the etcd binary for etcd-lock (default: etcd on PATH)')
    .option('--zookeeper-home <dir>', "where ZooKeeper's jars are, for zookeeper-lock (default: /usr/share/java)")
    .option('--report <file>', 'also write the report to FILE (JSON; JUnit XML when FILE ends in .xml: one test case per check)')
    .option('--student <name>', 'your name, recorded in the report (for an instructor)')
    .addOption(new Option('--ttl <seconds>', 'lease TTL of the real expiry').default('2').hideHelp())
    .addOption(new Option('--time-limit <ms>', 'per check: a hang is killed after this long').default('2000').hideHelp())
    .addHelpText(
      'after',
      `
Exit status: 0 every check passed, 1 a check failed, 2 bad input (no such
exercise, not started, or a file that cannot be loaded).

Examples:
  $ fence-tutor exercise check fence-the-sink
  $ fence-tutor exercise check redo-on-reject --watch
  $ fence-tutor exercise check fence-the-sink --student Ada --report ada.xml
  $ fence-tutor exercise check fence-the-sink \\
      --sink-cmd 'python3 sink.py {port} {db}'`,
    )
    .action(async (id: string, _opts, cmd: Command) => {
      const { checkExercise } = await import('../exercise/exercise-check.js');
      process.exitCode = await checkExercise(id, commandFlags<CheckFlags>(cmd));
    });
  exercise
    .command('hint <id>')
    .description('the next hint (each run shows one more)')
    .addHelpText('after', '\nExample:\n  $ fence-tutor exercise hint fence-the-sink')
    .action(async (id: string) => {
      const { showHint } = await import('../exercise/exercise-actions.js');
      process.exitCode = showHint(id);
    });
  exercise
    .command('reset <id>')
    .description('put the starter file back (asks first; --yes without a terminal)')
    .option('--dir <dir>', 'where your file is (default: where you started it)')
    .option('-y, --yes', 'do not ask')
    .addHelpText(
      'after',
      '\nExamples:\n  $ fence-tutor exercise reset fence-the-sink\n  $ fence-tutor exercise reset fence-the-sink --yes      (scripts, no terminal)',
    )
    .action(async (id: string, opts: { dir?: string; yes?: boolean }) => {
      const { resetExercise } = await import('../exercise/exercise-actions.js');
      process.exitCode = await resetExercise(id, opts);
    });
  exercise
    .command('solution <id>')
    .description('the shipped solution, once your check passed (or with --reveal)')
    .option('--reveal', 'show it before you passed')
    .addHelpText('after', '\nExamples:\n  $ fence-tutor exercise solution fence-the-sink\n  $ fence-tutor exercise solution fence-the-sink --reveal')
    .action(async (id: string, opts: { reveal?: boolean }) => {
      const { showSolution } = await import('../exercise/exercise-actions.js');
      process.exitCode = showSolution(id, opts);
    });
}
