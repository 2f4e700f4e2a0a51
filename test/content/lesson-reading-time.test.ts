/**
 * Every shipped lesson stays within the reading time it states (issue 34):
 * its prose read at 200 words a minute (the slow end of the usual 200-230),
 * plus a minute for each embedded timeline and half a minute for each
 * self-check question, fits in the lesson's `minutes`. Code and the blocks'
 * YAML are not prose; a URL is not read word by word.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import type { Lesson } from '../../src/content/lesson/lesson-types.js';

const WORDS_PER_MINUTE = 200;
const MINUTES_PER_TIMELINE = 1;
const MINUTES_PER_QUESTION = 0.5;

/** The words a reader reads: fenced blocks and URLs left out. */
function proseWords(markdown: string): number {
  const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, ' ').replace(/https?:\/\/\S+/g, ' ');
  return prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

type Timed = Pick<Lesson, 'file' | 'minutes' | 'body' | 'blocks'>;

/** The lessons whose reading takes longer than they state, with both figures. */
function overTime(lessons: readonly Timed[]): string[] {
  const over: string[] = [];
  for (const l of lessons) {
    const timelines = l.blocks.filter((b) => b.kind === 'scenario').length;
    const questions = l.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : [])).length;
    const needed = proseWords(l.body) / WORDS_PER_MINUTE + timelines * MINUTES_PER_TIMELINE + questions * MINUTES_PER_QUESTION;
    if (needed > l.minutes) over.push(`${l.file}: states ${l.minutes} min, needs ${needed.toFixed(1)}`);
  }
  return over;
}

describe('lesson reading time', () => {
  it('counts prose words, not code, block YAML or URLs', () => {
    const text = 'Two words.\n\n```scenario\nid: late-write\nfencing: on\n```\n\nSee https://example.org/a/b and `code` here.\n';
    expect(proseWords(text)).toBe(6);
  });

  it('every shipped lesson fits in the minutes it states', () => {
    expect(overTime(loadShippedCurriculum().lessons)).toEqual([]);
  });

  it('names a lesson longer than it says', () => {
    const body = Array.from({ length: 2_001 }, () => 'word').join(' ');
    expect(overTime([{ file: 'long.md', minutes: 10, body, blocks: [] }])).toEqual(['long.md: states 10 min, needs 10.0']);
    expect(overTime([{ file: 'long.md', minutes: 11, body, blocks: [] }])).toEqual([]);
  });
});
