import { describe, expect, it } from 'vitest';
import type { DrawnQuestion } from '../../src/core/quiz/types.js';
import { answeredInSitting, createReaderStore } from '../../src/store/reader-store.js';

const base = { lesson: 'x', tags: [], difficulty: 'easy' as const, explanation: 'because', source: 'a paper' };
const single: DrawnQuestion = { ...base, id: 's', type: 'single', prompt: 'one?', options: ['a', 'b', 'c'], answer: 1 };
const multiple: DrawnQuestion = { ...base, id: 'm', type: 'multiple', prompt: 'some?', options: ['a', 'b', 'c'], answer: [0, 2] };
const ordering: DrawnQuestion = { ...base, id: 'o', type: 'ordering', prompt: 'order?', options: ['x', 'y', 'z'], answer: [2, 0, 1] };

describe('reader store', () => {
  it('scrolls within 0..maxTop', () => {
    const r = createReaderStore();
    r.getState().scrollBy(-3, 10);
    expect(r.getState().top).toBe(0);
    r.getState().scrollBy(25, 10);
    expect(r.getState().top).toBe(10);
    r.getState().scrollTo(4, 10);
    expect(r.getState().top).toBe(4);
    r.getState().scrollTo(7, 0);
    expect(r.getState().top).toBe(0);
  });

  it('search: typing, erasing and moving through the hits', () => {
    const r = createReaderStore();
    r.getState().openSearch();
    expect(r.getState().focus).toEqual({ kind: 'search' });
    r.getState().typeSearch('et');
    r.getState().typeSearch('cd');
    r.getState().eraseSearch();
    expect(r.getState().search.query).toBe('etc');
    r.getState().moveSearch(5, 3);
    expect(r.getState().search.selected).toBe(2);
    r.getState().moveSearch(-9, 3);
    expect(r.getState().search.selected).toBe(0);
  });

  it('a one-answer question is answered by its digit; a wrong first try counts, a retry may solve it', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([single, multiple], 0);
    expect(r.getState().pickOption(0, 10)).toEqual({ questionId: 's', correct: false });
    expect(r.getState().selfCheck?.feedback?.canRetry).toBe(true);
    expect(r.getState().pickOption(1, 20)).toEqual({ questionId: 's', correct: true });
    // Solved: further digits are ignored; enter goes on.
    expect(r.getState().pickOption(2, 30)).toBeNull();
    expect(r.getState().choose(40)).toBeNull();
    expect(r.getState().selfCheck?.session.current).toBe(1);
    expect(answeredInSitting(r.getState().selfCheck)).toBe(1);
  });

  it('arrows and enter answer the highlighted option', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([single], 0);
    r.getState().moveOption(1);
    r.getState().moveOption(5);
    expect(r.getState().selfCheck?.highlighted).toBe(2);
    r.getState().moveOption(-1);
    expect(r.getState().choose(5)).toEqual({ questionId: 's', correct: true });
  });

  it('a wrong multiple choice keeps its ticks, so the retry changes one instead of starting over', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([multiple], 0);
    r.getState().pickOption(0, 1);
    r.getState().pickOption(1, 2);
    expect(r.getState().choose(3)).toEqual({ questionId: 'm', correct: false });
    expect(r.getState().selfCheck?.picked).toEqual([0, 1]);
    r.getState().pickOption(1, 4); // untick the wrong one
    r.getState().pickOption(2, 5);
    expect(r.getState().choose(6)).toEqual({ questionId: 'm', correct: true });
  });

  it('a multiple choice toggles picks and is answered with enter', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([multiple], 0);
    expect(r.getState().choose(1)).toBeNull(); // nothing picked yet
    r.getState().pickOption(2, 2);
    r.getState().pickOption(1, 3);
    r.getState().pickOption(1, 4); // untick
    r.getState().pickOption(0, 5);
    expect(r.getState().selfCheck?.picked).toEqual([2, 0]);
    expect(r.getState().choose(6)).toEqual({ questionId: 'm', correct: true });
    // The ticks stay beside the feedback: a right answer must not look unticked.
    expect(r.getState().selfCheck?.picked).toEqual([2, 0]);
  });

  it('an ordering starts as drawn; a digit selects, moveEvent moves, enter answers with the order shown', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([ordering], 0);
    expect(r.getState().selfCheck?.picked).toEqual([0, 1, 2]);
    expect(r.getState().pickOption(2, 1)).toBeNull(); // a digit's index: selects the third event, answers nothing
    r.getState().moveEvent(-1);
    r.getState().moveEvent(-1);
    r.getState().moveEvent(-1); // already at the top: stays
    expect(r.getState().selfCheck).toMatchObject({ picked: [2, 0, 1], highlighted: 0 });
    expect(r.getState().choose(2)).toEqual({ questionId: 'o', correct: true });
  });

  it('a wrong ordering keeps its order, so one move and enter fix it', () => {
    const r = createReaderStore();
    r.getState().startSelfCheck([ordering], 0);
    r.getState().pickOption(2, 1);
    r.getState().moveEvent(-1);
    expect(r.getState().choose(2)).toEqual({ questionId: 'o', correct: false });
    expect(r.getState().selfCheck?.picked).toEqual([0, 2, 1]);
    r.getState().moveEvent(-1);
    expect(r.getState().selfCheck?.feedback).toBeNull();
    expect(r.getState().choose(3)).toEqual({ questionId: 'o', correct: true });
  });
});
