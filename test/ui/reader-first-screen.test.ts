/**
 * The reader's first frame lays out only what its first screen needs
 * (issue 18): the parts before where it opens plus a screen, the last part
 * perhaps cut after the blocks it needs. That prefix must be exactly the
 * start of the whole layout, long enough for the screen, and a key the
 * part does not have must fall back to the whole lesson.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { lexLesson } from '../../src/render/lesson-lex.js';
import { firstScreenNeed, takeFirstScreen, WHOLE_LESSON } from '../../src/ui/reader/first-screen.js';
import { type LessonPart, layoutLesson, lessonParts } from '../../src/ui/reader/lesson-layout.js';

const curriculum = loadShippedCurriculum();
const lessonNumber = (id: string) => curriculum.lessons.find((l) => l.id === id)?.number;
const linesOf = (p: LessonPart) => (p.kind === 'text' ? p.lines : p.head);
/** Laid-out lines as use-lesson-rows places them (a blank row between parts; live bodies left out). */
const lineCount = (parts: readonly LessonPart[]) => parts.reduce((n, p, i) => n + (i > 0 ? 1 : 0) + linesOf(p).length, 0);

describe('the first screen of a lesson', () => {
  it('is the start of the whole layout, every shipped lesson, every opening, at two widths', () => {
    for (const lesson of curriculum.lessons) {
      const tokens = lexLesson(lesson);
      for (const width of [57, 97]) {
        const options = { width, ascii: false, glossary: curriculum.glossary, lessonNumber };
        const whole = layoutLesson(lesson, options, tokens);
        const keys = whole.flatMap((p, i) => linesOf(p).map((_, k) => `${i}:${k}`));
        const openings = [
          firstScreenNeed({ jumpKey: undefined, saved: undefined, viewRows: 28 }),
          ...[0, 0.5, 1].map((f) => firstScreenNeed({ jumpKey: keys[Math.floor(f * (keys.length - 1))], saved: undefined, viewRows: 28 })),
        ];
        for (const need of openings) {
          const first = takeFirstScreen(lessonParts(lesson, options, tokens), need);
          const label = `${lesson.id} at ${width}, ${JSON.stringify(need)}`;
          expect(first.parts.length, label).toBeGreaterThan(0);
          const last = first.parts.length - 1;
          expect(first.parts.slice(0, last), label).toEqual(whole.slice(0, last));
          const cutPart = first.parts[last]!;
          expect({ ...cutPart, ...(cutPart.kind === 'text' ? { lines: [] } : {}) }, label).toEqual({
            ...whole[last]!,
            ...(cutPart.kind === 'text' ? { lines: [] } : {}),
          });
          expect(linesOf(cutPart), label).toEqual(linesOf(whole[last]!).slice(0, linesOf(cutPart).length));
          if (first.complete) expect(first.parts, label).toEqual(whole);
          // Long enough: a screen from where it opens (or the whole lesson).
          const throughStart = lineCount(whole.slice(0, need.through)) + (need.through > 0 ? 1 : 0);
          const wanted = Math.min(lineCount(whole), throughStart + need.line + 28);
          expect(lineCount(first.parts), label).toBeGreaterThanOrEqual(wanted);
        }
      }
    }
  });

  it('lays out far less than the whole lesson when it opens at the top of a long one', () => {
    const lesson = curriculum.lessons.find((l) => l.number === 4)!;
    const options = { width: 97, ascii: false, glossary: curriculum.glossary, lessonNumber };
    const first = takeFirstScreen(lessonParts(lesson, options, lexLesson(lesson)), firstScreenNeed({ jumpKey: undefined, saved: undefined, viewRows: 28 }));
    expect(first.complete).toBe(false);
    expect(lineCount(first.parts)).toBeLessThan(lineCount(layoutLesson(lesson, options, lexLesson(lesson))) / 3);
  });

  it('needs the whole lesson for a position saved without an anchor, or a key its part does not have', () => {
    expect(firstScreenNeed({ jumpKey: undefined, saved: {}, viewRows: 28 })).toBe(WHOLE_LESSON);
    expect(firstScreenNeed({ jumpKey: 'nonsense', saved: undefined, viewRows: 28 })).toBe(WHOLE_LESSON);
    expect(firstScreenNeed({ jumpKey: undefined, saved: { anchor: '2:5+3' }, viewRows: 28 })).toEqual({ through: 2, line: 5, rows: 5 + 3 + 28 + 1 });
    const lesson = curriculum.lessons[0]!;
    const options = { width: 97, ascii: false, glossary: curriculum.glossary, lessonNumber };
    const tokens = lexLesson(lesson);
    // Line 9999 of part 1 exists at no width: the opening falls back to a fraction of all rows, so all are laid out.
    const first = takeFirstScreen(lessonParts(lesson, options, tokens), firstScreenNeed({ jumpKey: undefined, saved: { anchor: '1:9999+0' }, viewRows: 28 }));
    expect(first).toEqual({ parts: layoutLesson(lesson, options, tokens), complete: true });
  });
});
