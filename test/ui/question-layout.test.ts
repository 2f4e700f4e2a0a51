/**
 * The question screen's line budget after an answer: what gives way first
 * when the feedback does not fit, and that nothing gives way while there is
 * room (a learner once saw the prompt cut to one line above seven blank ones).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutQuestion } from '../../src/ui/screens/quiz/question-layout.js';

const words = (n: number, w = 'word') => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
const text = (lines: string[]) => lines.map((x) => x.trim()).join(' ');
const total = (l: ReturnType<typeof layoutQuestion>) =>
  l.prompt.length + 1 + l.answer.length + l.explanation.length + l.source.length + (l.feedbackMargin ? 1 : 0);
const feedback = (explanation: string) => ({
  explanation,
  source: 'Kleppmann, How to do distributed locking, 2016',
  answerLines: ['Your answer: 2. the wrong one', 'Right answer: 1. the right one', 'missed: 3. another'],
});

describe('layoutQuestion after an answer', () => {
  it('keeps the whole prompt and every feedback line when they fit', () => {
    const prompt = words(25); // three lines at 80 columns
    const l = layoutQuestion({ rows: 24, columns: 80, prompt, fixedLines: 8, feedback: feedback(words(20)) });
    expect(l.prompt.length).toBeGreaterThan(1);
    expect(text(l.prompt)).toBe(prompt);
    expect(l.answer.map((x) => x.trim())).toEqual(['Your answer: 2. the wrong one', 'Right answer: 1. the right one', 'missed: 3. another']);
    expect(text(l.explanation)).toBe(words(20));
    expect(l.feedbackMargin).toBe(true);
  });

  it('gives way in order when short of room: the rest of the prompt, then your answer and the wrong parts; never the right answer before the explanation', () => {
    const prompt = words(25);
    const l = layoutQuestion({ rows: 24, columns: 80, prompt, fixedLines: 16, feedback: feedback(words(20)) });
    // room 7: prompt 1 + verdict 1 + source 1 + right 1 + explanation 2 = 6, one line left for "Your answer".
    expect(l.prompt).toHaveLength(1);
    expect(l.prompt[0]?.endsWith('…')).toBe(true);
    expect(l.answer.map((x) => x.trim())).toEqual(['Your answer: 2. the wrong one', 'Right answer: 1. the right one']);
    expect(text(l.explanation)).toBe(words(20));
    expect(l.feedbackMargin).toBe(false);
  });

  it('cuts the explanation, not the right answer or the source, when even it does not fit', () => {
    const l = layoutQuestion({ rows: 24, columns: 80, prompt: 'short', fixedLines: 16, feedback: feedback(words(60)) });
    expect(l.answer.map((x) => x.trim())).toEqual(['Right answer: 1. the right one']);
    expect(l.explanation.at(-1)?.endsWith('…')).toBe(true);
    expect(l.source.map((x) => x.trim())).toEqual(['Source: Kleppmann, How to do distributed locking, 2016']);
    expect(total(l)).toBe(24 - 16 - 1);
  });

  it('never asks for more rows than the room, whatever the sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 80 }), fc.integer({ min: 2, max: 18 }), (p, e, fixed) => {
        const l = layoutQuestion({ rows: 24, columns: 80, prompt: words(p + 1), fixedLines: fixed, feedback: feedback(words(e + 1)) });
        const room = 24 - fixed - 1;
        // The first prompt line, the verdict and the source always show, room or not.
        expect(total(l)).toBeLessThanOrEqual(Math.max(room, 3));
      }),
    );
  });
});
