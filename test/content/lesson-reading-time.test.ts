/**
 * Every lesson's stated time (`minutes`, lessons/FORMAT.md) holds its words
 * (issue 34): the prose at 200 words a minute, a slow reader's pace (the
 * usual range is 200-230), fits in it; and it is honest the other way too:
 * it is that reading time plus a minute for each embedded timeline and each
 * self-check question, with at most two minutes to spare. The References
 * section, the scenario and quiz blocks (markup, not prose) and URLs (not
 * read word by word) are not counted as words.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import type { Lesson } from '../../src/content/lesson/lesson-types.js';

/** A slow reader's pace for technical prose. */
const WORDS_PER_MINUTE = 200;
/** Slack above the model, for rounding and a figure worth a second look. */
const SPARE_MINUTES = 2;

/** The words a learner reads: the body without References, scenario and quiz blocks, or URLs. */
function proseWords(body: string): number {
  const read = (body.split(/\n## References\b/)[0] ?? '').replace(/```(?:scenario|quiz)\n[\s\S]*?```/g, ' ').replace(/https?:\/\/\S+/g, ' ');
  return read.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

type Timed = Pick<Lesson, 'id' | 'minutes' | 'body' | 'blocks'>;

/** The lessons whose stated minutes fall outside the model, each with its figures. */
function strays(lessons: readonly Timed[]): string[] {
  return lessons.flatMap((l) => {
    const words = proseWords(l.body);
    const reading = Math.ceil(words / WORDS_PER_MINUTE);
    const timelines = l.blocks.filter((b) => b.kind === 'scenario').length;
    const questions = l.blocks.reduce((n, b) => n + (b.kind === 'quiz' ? b.ids.length : 0), 0);
    const model = reading + timelines + questions;
    if (l.minutes >= model && l.minutes <= model + SPARE_MINUTES) return [];
    return [`${l.id}: states ${l.minutes} min; ${words} words (${reading} min) + ${timelines} timelines + ${questions} questions = ${model} min`];
  });
}

describe('lesson reading time', () => {
  it('counts prose words, not the blocks, the references or URLs', () => {
    const body = ['One two three.', '```scenario', 'id: late-write', '```', '- four, see https://example.org/a', '', '## References', '- five six'].join('\n');
    expect(proseWords(body)).toBe(5);
  });

  it('every shipped lesson states the time its words, timelines and questions take', () => {
    const lessons = loadShippedCurriculum().lessons;
    expect(lessons.length).toBeGreaterThanOrEqual(11);
    expect(strays(lessons)).toEqual([]);
  });

  it('names a lesson longer than it says, and one that says far more than it holds', () => {
    const body = Array.from({ length: 2_001 }, () => 'word').join(' ');
    const blocks: Lesson['blocks'] = [];
    // 2001 words: 11 minutes of reading.
    expect(strays([{ id: 'long', minutes: 10, body, blocks }])).toEqual(['long: states 10 min; 2001 words (11 min) + 0 timelines + 0 questions = 11 min']);
    expect(strays([{ id: 'long', minutes: 11, body, blocks }])).toEqual([]);
    expect(strays([{ id: 'long', minutes: 13, body, blocks }])).toEqual([]);
    expect(strays([{ id: 'long', minutes: 14, body, blocks }])).toEqual([expect.stringMatching(/^long: states 14 min/)]);
  });
});
