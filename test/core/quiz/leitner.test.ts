import { describe, expect, it } from 'vitest';
import { boxIntervalMs, DAY_MS, dueIds, emptyReview, MAX_BOX, parseReviewState, recordReview } from '../../../src/core/quiz/leitner.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY_MS);

describe('Leitner review boxes', () => {
  it('box k is due 2^(k-1) days after the answer', () => {
    expect([1, 2, 3, 4, 5].map((k) => boxIntervalMs(k) / DAY_MS)).toEqual([1, 2, 4, 8, 16]);
  });

  it('wrong → box 1; right → up a box; wrong again → back to box 1; across fake dates', () => {
    let s = emptyReview();
    s = recordReview(s, 'a', true, day(0));
    expect(s.questions.a).toBeUndefined(); // never wrong: not tracked
    s = recordReview(s, 'a', false, day(0));
    expect(s.questions.a!.box).toBe(1);
    expect(dueIds(s, day(0.5))).toEqual([]);
    expect(dueIds(s, day(1))).toEqual(['a']);
    s = recordReview(s, 'a', true, day(1));
    expect(s.questions.a!.box).toBe(2);
    expect(dueIds(s, day(2.9))).toEqual([]);
    expect(dueIds(s, day(3))).toEqual(['a']);
    s = recordReview(s, 'a', true, day(3));
    expect(s.questions.a!.box).toBe(3);
    expect(dueIds(s, day(7))).toEqual(['a']);
    s = recordReview(s, 'a', false, day(7));
    expect(s.questions.a).toMatchObject({ box: 1, dueAt: day(8).toISOString() });
  });

  it('caps at the top box', () => {
    let s = recordReview(emptyReview(), 'a', false, day(0));
    for (let i = 1; i < 10; i++) s = recordReview(s, 'a', true, day(i * 20));
    expect(s.questions.a!.box).toBe(MAX_BOX);
  });

  it('lists the most overdue first, and only known ids when asked', () => {
    let s = recordReview(emptyReview(), 'late', false, day(0));
    s = recordReview(s, 'later', false, day(1));
    s = recordReview(s, 'gone', false, day(0));
    expect(dueIds(s, day(5))).toEqual(['gone', 'late', 'later']);
    expect(dueIds(s, day(5), new Set(['late', 'later']))).toEqual(['late', 'later']);
  });

  it('parses a stored state and refuses a malformed one', () => {
    const s = recordReview(emptyReview(), 'a', false, day(0));
    expect(parseReviewState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(() => parseReviewState({ questions: { a: { box: 9, dueAt: 'x', lastAnsweredAt: 'y' } } })).toThrow(/malformed/);
    expect(() => parseReviewState([])).toThrow();
    expect(() => parseReviewState({ questions: [] })).toThrow();
  });
});
