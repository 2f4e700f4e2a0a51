/**
 * `fence-tutor lessons [--json]`: the curriculum in manifest order.
 */
import type { Command } from 'commander';
import type { Curriculum } from '../../content/lesson/lesson-types.js';

/** What `lessons --json` prints (also made at build for the fast path: src/cli/fast-path.ts). */
export function lessonsJsonDocument(curriculum: Curriculum, localIds: ReadonlySet<string>) {
  return {
    lessons: curriculum.lessons.map((l) => ({
      number: l.number,
      id: l.id,
      title: l.title,
      minutes: l.minutes,
      goals: l.goals,
      prerequisites: l.prerequisites,
      ...(l.summary ? { summary: l.summary } : {}),
      scenarios: [...new Set(l.blocks.flatMap((b) => (b.kind === 'scenario' ? [b.scenarioId] : [])))],
      questions: l.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : [])),
      ...(localIds.has(l.id) ? { local: true } : {}),
    })),
  };
}
import { commandFlags } from '../global-flags.js';

export function register(program: Command): void {
  program
    .command('lessons')
    .description('list the lessons, in order')
    .option('--json', 'print {"lessons": [...]} as JSON')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor lessons
  $ fence-tutor lessons --json`,
    )
    .action(async (_opts, command: Command) => {
      const flags = commandFlags<{ json?: boolean }>(command);
      // The build's snapshot of the shipped lessons when it matches the files (no YAML or Markdown parser to load).
      const { builtContent } = await import('../../content/shared/built-content.js');
      const built = flags.content === undefined ? builtContent() : undefined;
      const { curriculum, localIds } = built
        ? { curriculum: built.curriculum, localIds: new Set<string>() }
        : (await import('../../content/shared/content-sources.js')).allLessons(flags);
      if (flags.json) {
        const { printJson } = await import('../json-output.js');
        printJson(lessonsJsonDocument(curriculum, localIds));
        return;
      }
      const { decideDisplay } = await import('../terminal.js');
      const { lessonListText } = await import('../../render/lesson-list.js');
      const display = decideDisplay(flags);
      process.stdout.write(lessonListText(curriculum, display.columns, display.ascii, localIds));
    });
}
