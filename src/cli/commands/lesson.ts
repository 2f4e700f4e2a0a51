/**
 * `fence-tutor lesson ID|NUMBER`: on a terminal, the reader screen; with
 * --plain or without a TTY, the lesson as plain text at the terminal's width
 * (80 when piped), with each embedded scenario drawn by the engine's timeline.
 * The plain path never loads React.
 */
import type { Command } from 'commander';
import { commandFlags } from '../global-flags.js';
import { UsageError } from '../../platform/errors.js';
import { loadRunApp } from '../load-app.js';

export function register(program: Command): void {
  program
    .command('lesson')
    .description('read one lesson (by id or number)')
    .argument('<lesson>', 'a lesson id (e.g. stale-holder) or number (e.g. 1)')
    .option('--width <columns>', 'plain text width (default: the terminal width, 80 when piped)')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor lesson 1
  $ fence-tutor lesson token-contract --plain
  $ fence-tutor lesson 6 --plain --width 60 | less`,
    )
    .action(async (ref: string, _opts, command: Command) => {
      const flags = commandFlags<{ width?: string }>(command);
      // The build's snapshot of the shipped lessons when it matches the files (no YAML or Markdown parser to load).
      const { builtContent, builtLessonPlain } = await import('../../content/shared/built-content.js');
      const built = flags.content === undefined ? builtContent() : undefined;
      const curriculum = built ? built.curriculum : (await import('../../content/lesson/lesson-loader.js')).loadCurriculumWithContent(flags.content);
      const { findLesson } = await import('../../content/lesson/lesson-find.js');
      const lesson = findLesson(curriculum, ref);
      if (!lesson) {
        throw new UsageError(
          `no lesson "${ref}". Fix: give a number from 1 to ${curriculum.lessons.length} or an id (${curriculum.lessons.map((l) => l.id).join(', ')}); see "fence-tutor lessons"`,
        );
      }
      const { decideDisplay } = await import('../terminal.js');
      const display = decideDisplay(flags);
      let width = display.columns;
      if (flags.width !== undefined) {
        width = Number(flags.width);
        if (!Number.isInteger(width) || width < 20 || width > 1000) {
          throw new UsageError(`--width must be a whole number from 20 to 1000, not "${flags.width}"`);
        }
      }
      if (display.interactive) {
        const { runApp } = await loadRunApp();
        process.exitCode = await runApp({ route: { screen: 'reader', lessonId: lesson.id }, display, flags });
        return;
      }
      // The build's laid-out copy has its drawings; --narrate lays the lesson out as words.
      const laidOut = built && !display.narrate ? builtLessonPlain(lesson.id, width, display.ascii) : undefined;
      if (laidOut !== undefined) {
        process.stdout.write(laidOut);
        return;
      }
      const { lessonPlainText } = await import('../../render/lesson-plain.js');
      process.stdout.write(lessonPlainText(curriculum, lesson, width, display.ascii, flags.content, display.narrate));
    });
}
