import type { Command } from 'commander';
import { globalFlags } from '../global-flags.js';

/** `fence-tutor grade`: options here, the work in ../quiz-grade.ts. */
export function register(program: Command): void {
  program
    .command('grade')
    .description('class results from quiz and exercise reports: per student, per question (hardest first), per topic, per exercise')
    .argument('<reports...>', 'JSON report files written by `fence-tutor quiz --report` or `fence-tutor exercise check`')
    .option('--json', 'print {"groups": [...], "exercises": [...]} as JSON')
    .option('--assignment <file>', 'grade every report against your own copy of the assignment (seed, count, questions, pass mark, time limit)')
    .option('--csv <dir>', 'write students.csv, questions.csv and topics.csv into DIR (and exercises.csv for exercise reports), instead of the text')
    .option('--stats', "item analysis per question: facility, discrimination (as Moodle computes it), option counts in the bank's order, flags")
    .option('--html <file>', 'write a class report page (score histogram, item analysis, flagged questions, students) to FILE, instead of the text')
    .addHelpText(
      'after',
      `
Scores are recomputed from each report's answers against its bank (shipped, or
your own with --content DIR), never taken as written; what a file claims that
grading does not confirm is listed under "Flags".

Examples:
  $ fence-tutor grade reports/*.json --csv results/
  $ fence-tutor grade reports/*.json --stats
  $ fence-tutor grade reports/*.json --html class.html
  $ fence-tutor --content my-course grade reports/*.json --json`,
    )
    .action(async (files: string[], opts, cmd: Command) => {
      const { runGrade } = await import('../quiz/quiz-grade.js');
      const { processOut } = await import('../quiz/quiz-output.js');
      const { isUtf8Locale } = await import('../terminal.js');
      const global = globalFlags(cmd);
      // --ascii, or a locale that is not UTF-8: the text summary's separators in ASCII.
      const out = { ...processOut, ascii: global.ascii || !isUtf8Locale(process.env) };
      // --content: the instructor's banks, to grade their reports' answers again.
      process.exitCode = await runGrade(files, { ...opts, content: global.content }, out);
    });
}
