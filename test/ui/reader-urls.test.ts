/**
 * URLs are never broken across rows in the reader (issue 17), as in `lesson
 * --plain` (test/content/lesson-urls.test.ts): a URL cut in two no longer
 * works when copied. A URL wider than the text column gets a row of its own,
 * whole; a row wider than the screen slides sideways, and every column of it
 * can be brought on screen.
 */
import { describe, expect, it } from 'vitest';
import { isUrlWord, textWidth } from '../../src/render/lesson-wrap.js';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { layoutLesson } from '../../src/ui/reader/lesson-layout.js';
import { lexLesson } from '../../src/render/lesson-lex.js';
import { lineText, type StyledLine, wrapSpans } from '../../src/ui/reader/styled-text.js';
import { maxSlide, showRow, slideStep } from '../../src/ui/reader/wide-rows.js';

const URL = 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/LeaseManager.java';
const curriculum = loadShippedCurriculum();

describe('wrapSpans and URLs', () => {
  it('keeps a URL wider than the line whole, on a row of its own, styles kept', () => {
    const lines = wrapSpans([{ text: 'See the source: ' }, { text: `${URL},`, underline: true }, { text: ' then read on.' }], 30);
    expect(lines.map(lineText)).toEqual(['See the source:', `${URL},`, 'then read on.']);
    expect(lines[1]).toEqual([{ text: `${URL},`, underline: true }]);
  });

  it('still cuts any other word wider than the line', () => {
    expect(wrapSpans([{ text: 'x'.repeat(25) }], 10).map(lineText)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

describe('a row wider than the screen', () => {
  const line: StyledLine = [{ text: '• ' }, { text: URL, role: 'accent' }];

  it('is left alone when it fits, else shows the room with a mark at each cut edge', () => {
    expect(showRow(line, 40, 200, false)).toBe(line);
    const first = showRow(line, 0, 30, false);
    expect(lineText(first)).toBe(`• ${URL.slice(0, 27)}›`);
    const middle = showRow(line, 10, 30, true);
    expect(lineText(middle)).toBe(`<${`• ${URL}`.slice(11, 39)}>`);
    const last = showRow(line, 999, 30, false);
    expect(lineText(last)).toBe(`‹${URL.slice(-29)}`);
    for (const shown of [first, middle, last]) expect(textWidth(lineText(shown))).toBe(30);
  });
});

/** Every laid-out row of a lesson: its text and its embedded parts' headings. */
function layoutRows(lessonId: string, width: number): string[] {
  const lesson = curriculum.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(lessonId);
  const lessonNumber = (id: string) => curriculum.lessons.find((l) => l.id === id)?.number;
  return layoutLesson(lesson, { width, ascii: false, glossary: curriculum.glossary, lessonNumber }, lexLesson(lesson))
    .flatMap((p) => (p.kind === 'text' ? p.lines : p.head))
    .map(lineText);
}

describe('the shipped lessons in the reader', () => {
  for (const columns of [80, 60]) {
    it(`show every URL whole on one row at ${columns} columns, every column of it reachable by sliding`, () => {
      // The reader's text column and the room of a row on screen (src/ui/reader/reader-view.tsx).
      const width = columns - 3;
      const room = columns - 2;
      let urls = 0;
      let wider = 0;
      for (const lesson of curriculum.lessons) {
        const rows = layoutRows(lesson.id, width);
        for (const url of new Set(lesson.body.match(/https?:\/\/[^\s<>)`]+[^\s<>)`.,;:]/g) ?? [])) {
          urls++;
          const row = rows.find((r) => r.includes(url));
          expect(row, `${lesson.id}: ${url} at ${columns}`).toBeDefined();
          if (!row || textWidth(row) <= room) continue;
          wider++;
          // Slid step by step to the end, the windows together show the whole row.
          const styled: StyledLine = [{ text: row }];
          const end = maxSlide([styled], room);
          const seen = new Set<number>();
          for (let slide = 0; ; slide = Math.min(end, slide + slideStep(room))) {
            const shown = lineText(showRow(styled, slide, room, false));
            expect(textWidth(shown)).toBe(room);
            const from = Math.min(slide, end);
            const inner = shown.replace(/^‹/, '').replace(/›$/, '');
            const start = from + (shown.startsWith('‹') ? 1 : 0);
            expect(row.slice(start, start + inner.length)).toBe(inner);
            for (let k = 0; k < inner.length; k++) seen.add(start + k);
            if (slide === end) break;
          }
          expect(seen.size, `${lesson.id}: ${url}`).toBe(textWidth(row));
        }
        // Only a URL row may be wider than the text column.
        const long = rows.filter((r) => textWidth(r) > width && !isUrlWord(r.trim().split(/\s+/).pop() ?? ''));
        expect(long, lesson.id).toEqual([]);
      }
      expect(urls).toBeGreaterThan(20);
      expect(wider).toBeGreaterThan(0);
    });
  }
});
