/**
 * `fence-tutor validate [PATH...]`: checks content files and folders (with no
 * path, the shipped content). Every problem is printed with its file and
 * line, and the exit status is 2 if there is any; otherwise one OK line.
 */
import type { Command } from 'commander';
import type { ValidateReport } from '../../content/validate/validate-summary.js';
import { EXIT } from '../../platform/exit-codes.js';

export function register(program: Command): void {
  program
    .command('validate')
    .description('check lessons, quizzes, scenarios, assignments and challenges (default: the shipped content)')
    .argument('[paths...]', 'content files or folders')
    .option('--stats', "print the quiz banks' tell figures (option lengths, give-aways), pooled and per bank")
    .addHelpText(
      'after',
      `
A file's kind comes from its "kind:" field, else from its folder (lessons/,
quizzes/, scenarios/, assignments/, challenges/), else from its extension
(Markdown is a lesson): a YAML file elsewhere needs a "kind:" line. Every
problem is named with its file, line and a fix; exit status 2 if there is any.

Examples:
  $ fence-tutor validate
  $ fence-tutor validate my-course/
  $ fence-tutor validate my-course/lessons my-course/quizzes
  $ fence-tutor validate my-course/scenarios/my-race.yaml
  $ fence-tutor validate --stats
  $ fence-tutor validate --stats my-course/quizzes`,
    )
    .action(async (paths: string[], opts: { stats?: boolean }) => {
      const { formatProblem } = await import('../../content/shared/problems.js');
      const { sanitizeLine } = await import('../../content/shared/sanitize.js');
      // No path: the build's verdict on the shipped content, if the files on
      // disk are the ones it checked (built-content.ts compares a hash);
      // otherwise, and for any path given, the real loaders.
      const { builtContent, shippedContentTargets } = await import('../../content/shared/built-content.js');
      // --stats reads the banks themselves: the build keeps no figures.
      const built = paths.length === 0 && !opts.stats ? builtContent() : undefined;
      const { summarize } = await import('../../content/validate/validate-summary.js');
      let report: ValidateReport;
      if (built) {
        report = { counts: built.validate.counts, problems: [...built.validate.problems], warnings: [...built.validate.warnings] };
      } else {
        const { validateContent } = await import('../../content/validate/validate.js');
        const { realLoaders } = await import('../../content/validate/validate-loaders.js');
        report = validateContent(paths.length === 0 ? shippedContentTargets() : paths, realLoaders, {
          shipped: paths.length === 0,
          stats: opts.stats === true,
        });
      }
      if (paths.length > 0 && report.problems.length === 0) {
        // An instructor's content may not reuse a shipped id (it would be refused by --content).
        const { shippedClashes } = await import('../../content/shared/content-sources.js');
        report.problems.push(...shippedClashes(paths));
      }
      // Through fd 1, so that `| head` ends the output quietly (stdout.ts).
      const { writeStdout } = await import('../stdout.js');
      if (report.stats) writeStdout(`${report.stats.map((l) => sanitizeLine(l)).join('\n')}\n`);
      for (const w of report.warnings) process.stderr.write(`fence-tutor: warning: ${sanitizeLine(formatProblem(w))}\n`);
      if (report.problems.length > 0) {
        for (const p of report.problems) process.stderr.write(`fence-tutor: ${sanitizeLine(formatProblem(p))}\n`);
        process.stderr.write(`fence-tutor: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} found\n`);
        process.exitCode = EXIT.usage;
        return;
      }
      writeStdout(`${summarize(report.counts, report.warnings.length)}\n`);
    });
}
