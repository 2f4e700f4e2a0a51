/**
 * Every lesson's stated time (`minutes`, lessons/FORMAT.md) holds its words
 * (issue 34): the prose at 200 words a minute, a slow reader's pace, fits
 * in it; and it is honest the other way too: it is the reading time plus a
 * minute for each embedded timeline and each self-check question, with at
 * most two minutes to spare. The References section and the scenario and
 * quiz blocks (markup, not prose) are not counted as words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';

/** A slow reader's pace for technical prose (200-230 is the usual range). */
const WORDS_PER_MINUTE = 200;
/** Slack above the model, for rounding and a figure worth a second look. */
const SPARE_MINUTES = 2;

/** The words a learner reads: the body without front matter, References, or scenario and quiz blocks. */
function proseWords(markdown: string): number {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '').split(/\n## References\b/)[0] ?? '';
  const prose = body.replace(/```(?:scenario|quiz)\n[\s\S]*?```/g, '');
  return prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const curriculum = loadShippedCurriculum();

describe('proseWords', () => {
  it('counts the body and skips front matter, markup blocks and references', () => {
    const text = [
      '---',
      'id: x',
      'minutes: 1',
      '---',
      'One two three.',
      '```scenario',
      'id: late-write',
      '```',
      '- four',
      '',
      '## References',
      '- five six',
    ].join('\n');
    expect(proseWords(text)).toBe(4);
  });
});

describe('each shipped lesson', () => {
  it.each(curriculum.lessons.map((l) => [l.id, l] as const))('%s: its stated minutes hold its words, and no more than its activities add', (_, lesson) => {
    const words = proseWords(readFileSync(lesson.file, 'utf8'));
    const reading = Math.ceil(words / WORDS_PER_MINUTE);
    const timelines = lesson.blocks.filter((b) => b.kind === 'scenario').length;
    const questions = lesson.blocks.reduce((n, b) => n + (b.kind === 'quiz' ? b.ids.length : 0), 0);
    const model = reading + timelines + questions;
    const why = `${lesson.id}: ${words} words (${reading} min at ${WORDS_PER_MINUTE}/min) + ${timelines} timelines + ${questions} questions = ${model} min; stated ${lesson.minutes}`;
    expect(reading, why).toBeLessThanOrEqual(lesson.minutes);
    expect(lesson.minutes, why).toBeGreaterThanOrEqual(model);
    expect(lesson.minutes, why).toBeLessThanOrEqual(model + SPARE_MINUTES);
  });
});
