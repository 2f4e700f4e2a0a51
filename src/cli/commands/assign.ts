import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import type { AssignFlags } from '../quiz/quiz-assign.js';

/** `fence-tutor assign`: options here, the work in ../quiz-assign.ts. */
export function register(program: Command): void {
  program
    .command('assign')
    .description('write an assignment file: settings and questions embedded, runs the same anywhere')
    .option('--quiz <id|file>', 'a bank id or a path to a bank (default: the whole bank)')
    .option('--mode <mode>', 'practice or exam (required)')
    .option('--seed <n>', 'everyone sits this seed (default: each student draws their own)')
    .option('--count <n>', 'questions per student: the first N of the seed order (default: all)')
    .option('--time-limit <duration>', 'e.g. 90s, 15m, 1h or plain seconds (default: none)')
    .option('--pass <percent>', 'pass mark for an exam, 0-100 (default: 70)')
    .option('--title <text>', 'a title shown to students')
    .option('--out <file>', 'where to write the assignment (JSON; required)')
    .option('--exercises <ids>', 'exercises the students also do: ID[,ID...] (their `exercise check` reports go to grade)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ fence-tutor assign --quiz token-contract --mode exam --out week2.json\n  $ fence-tutor assign --mode exam --count 10 --time-limit 15m --out final.json\n\nStudents sit it with: fence-tutor quiz --assignment FILE --student NAME',
    )
    .action(async (_opts, cmd: Command) => {
      const opts = commandFlags<AssignFlags>(cmd);
      const { runAssign } = await import('../quiz/quiz-assign.js');
      const { processOut } = await import('../quiz/quiz-output.js');
      process.exitCode = runAssign(opts, processOut);
    });
}
