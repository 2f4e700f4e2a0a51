/**
 * The reader lays shipped lessons out from the tokens the build lexed
 * (dist/content/lesson-<id>.tokens.json, issue 18) and other lessons from
 * marked at run time: the layout must be the same either way.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { builtContent } from '../../src/content/shared/built-content.js';
import type { Lesson } from '../../src/content/lesson/lesson-types.js';
import { lexLesson } from '../../src/render/lesson-lex.js';
import { builtLessonTokens } from '../../src/render/lesson-tokens.js';
import { layoutLesson } from '../../src/ui/reader/lesson-layout.js';
import { loadReaderSources } from '../../src/ui/reader/reader-sources.js';
import { ensureBuilt } from '../cli/cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

describe('the build-time tokens of the shipped lessons', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('lay out every shipped lesson exactly as marked at run time, at two widths, Unicode and ASCII', () => {
    const curriculum = builtContent()!.curriculum;
    expect(curriculum.lessons.length).toBeGreaterThan(5);
    const lessonNumber = (id: string) => curriculum.lessons.find((l) => l.id === id)?.number;
    for (const lesson of curriculum.lessons) {
      const built = builtLessonTokens(lesson);
      expect(built, lesson.id).toBeDefined();
      const lexed = lexLesson(lesson);
      for (const width of [52, 118]) {
        for (const ascii of [false, true]) {
          const options = { width, ascii, glossary: curriculum.glossary, lessonNumber };
          expect(layoutLesson(lesson, options, built!), `${lesson.id} at ${width}`).toEqual(layoutLesson(lesson, options, lexed));
        }
      }
    }
  });

  it('are what the reader takes for shipped content, and none for --content', async () => {
    const shipped = await loadReaderSources({});
    const lesson = shipped.curriculum.lessons[3]!;
    expect(shipped.builtTokens(lesson)).toEqual(builtLessonTokens(lesson));
    const local = await loadReaderSources({ content: 'lessons' });
    expect(local.builtTokens(lesson)).toBeUndefined();
  });

  it('are not used for a lesson whose segments or goals they do not fit (the reader lexes it)', () => {
    const lesson = builtContent()!.curriculum.lessons[0]!;
    expect(builtLessonTokens(lesson)).toBeDefined();
    const moreGoals: Lesson = { ...lesson, goals: [...lesson.goals, 'one more goal'] };
    expect(builtLessonTokens(moreGoals)).toBeUndefined();
    const fewerSegments: Lesson = { ...lesson, segments: lesson.segments.filter((s) => s.kind !== 'markdown') };
    expect(builtLessonTokens(fewerSegments)).toBeUndefined();
    expect(builtLessonTokens({ ...lesson, id: '../shipped' })).toBeUndefined();
  });
});
