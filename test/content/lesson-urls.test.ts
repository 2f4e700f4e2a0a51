/**
 * URLs are never broken across lines in `lesson --plain` (issue 17): a URL
 * cut in two no longer works when copied. A URL wider than the line gets a
 * line of its own and runs past the width; every other word still wraps.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { lessonPlainText } from '../../src/render/lesson-plain.js';
import { clipKeepingUrl, isUrlWord, textWidth, wrapText } from '../../src/render/lesson-wrap.js';

const URL = 'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/LeaseManager.java';

describe('wrapText and URLs', () => {
  it('keeps a URL wider than the line whole, on a line of its own', () => {
    expect(wrapText(`See the source: ${URL}, then read on.`, 30)).toEqual(['See the source:', `${URL},`, 'then read on.']);
  });

  it('still cuts any other word wider than the line', () => {
    expect(wrapText('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });

  it('knows a URL with its brackets and punctuation', () => {
    for (const w of [URL, `<${URL}>`, `<${URL}>.`, `(${URL})`, 'http://a.b/c']) expect(isUrlWord(w), w).toBe(true);
    for (const w of ['https:', 'prefix/LEASE-ID', 'a://', 'xhttps']) expect(isUrlWord(w), w).toBe(false);
  });

  it('clips every line but a URL line', () => {
    expect(clipKeepingUrl(`  ${URL}`, 20)).toBe(`  ${URL}`);
    expect(clipKeepingUrl(`• ${URL}`, 20)).toBe(`• ${URL}`);
    expect(clipKeepingUrl(`see ${URL}`, 20)).toHaveLength(20);
  });
});

describe('the shipped lessons in plain text', () => {
  const curriculum = loadShippedCurriculum();
  for (const width of [80, 60, 40]) {
    it(`print every URL whole on one line at ${width} columns`, () => {
      let urls = 0;
      for (const lesson of curriculum.lessons) {
        const lines = lessonPlainText(curriculum, lesson, width, false).split('\n');
        for (const url of new Set(lesson.body.match(/https?:\/\/[^\s<>)`]+[^\s<>)`.,;:]/g) ?? [])) {
          urls++;
          expect(
            lines.some((l) => l.includes(url)),
            `${lesson.id}: ${url} at ${width}`,
          ).toBe(true);
        }
        // Only a URL line may run past the width.
        const long = lines.filter((l) => textWidth(l) > width && !isUrlWord(l.trim().split(/\s+/).pop() ?? ''));
        expect(long, lesson.id).toEqual([]);
      }
      expect(urls).toBeGreaterThan(20);
    });
  }
});
