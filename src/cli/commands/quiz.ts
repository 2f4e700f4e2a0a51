import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import type { QuizFlags } from '../quiz/quiz-settings.js';
import { decideDisplay } from '../terminal.js';

/** `fence-tutor quiz`: options here, the work in ../quiz-run.ts (loaded on use). */
export function register(program: Command): void {
  program
    .command('quiz')
    .description('sit a quiz: practice, exam or review; autograde with --answers; export the key')
    .option('--quiz <id|file>', 'a bank id (a file in quizzes/ without extension) or a path to a bank; default: the whole bank')
    .option('--mode <mode>', 'practice, exam or review (default: practice)')
    .option('--seed <n>', 'fixes the order, the variants and the option order (default: drawn and recorded)')
    .option('--count <n>', 'ask the first N questions of the seed order (default: all)')
    .option('--time-limit <duration>', 'e.g. 90s, 15m, 1h or plain seconds; exams only (default: none)')
    .option('--pass <percent>', 'pass mark for an exam, 0-100 (default: 70)')
    .option('--student <name>', 'the name recorded in the report')
    .option(
      '--answers <file>',
      'sit the quiz with no terminal: {"answers": {"<id>": <answer>}}; a sheet\'s seed and count are used. The report goes to --report or stdout, not into this machine\'s quiz history (an instructor may be grading a class)',
    )
    .option('--report <file>', 'write the report here (.xml means JUnit, else JSON)')
    .option('--format <format>', 'json or junit; without --report the report goes to stdout')
    .option(
      '--export <kind>',
      'json (answer key of the whole bank, seed 0 unless --seed), sheet (questions + empty answers template; records its seed, drawn unless --seed, and --count) or gift (Moodle)',
    )
    .option('--assignment <file>', 'sit an assignment written by `fence-tutor assign`')
    .addHelpText(
      'after',
      `
On a terminal the quiz opens in the app; add --plain for numbered text
prompts read line by line (screen readers, simple terminals). Without a
terminal, sit it with --answers FILE.

Examples:
  $ fence-tutor quiz --mode exam --seed 7 --count 10
  $ fence-tutor quiz --plain --mode practice --quiz token-contract
  $ fence-tutor quiz --export sheet --seed 7 --count 10 > sheet.json
  $ fence-tutor quiz --mode exam --answers sheet.json --report me.json
  $ fence-tutor quiz --export gift --seed 3 > bank.gift`,
    )
    .action(async (_opts, cmd: Command) => {
      const flags = commandFlags<QuizFlags>(cmd);
      const { runQuiz } = await import('../quiz/quiz-run.js');
      process.exitCode = await runQuiz(flags, { display: decideDisplay(flags), flags });
    });
}
