/**
 * Feedback in words, the same in the self-check, practice, the plain quiz and
 * the exam review (issue 17): the learner's choice, the right one, and for
 * multiple and ordering questions which parts were wrong.
 */
import { describe, expect, it } from 'vitest';
import { answerReport, answerReportLines } from '../../../src/core/quiz/answer-report.js';
import * as S from '../../../src/core/quiz/session.js';
import type { DrawnQuestion } from '../../../src/core/quiz/types.js';

const base = { lesson: 'l', tags: ['t'], difficulty: 'easy' as const, prompt: 'P', explanation: 'E', source: 'S' };
const single: DrawnQuestion = { ...base, id: 's', type: 'single', options: ['red', 'green', 'blue'], answer: 1 };
const multiple: DrawnQuestion = { ...base, id: 'm', type: 'multiple', options: ['a', 'b', 'c', 'd'], answer: [0, 2] };
const ordering: DrawnQuestion = { ...base, id: 'o', type: 'ordering', options: ['grant', 'write', 'pause'], answer: [2, 0, 1] };

describe('answerReport', () => {
  it('single: your choice and the right one, nothing more', () => {
    expect(answerReport(single, 2)).toEqual({ yours: 'Your answer: 3. blue', right: 'Right answer: 2. green', wrongParts: null });
    expect(answerReportLines(single, 1, true)).toEqual(['Your answer: 2. green']);
  });

  it('multiple: what was ticked but wrong, and what was missed', () => {
    expect(answerReport(multiple, [0, 1])).toEqual({
      yours: 'Your answer: 1. a; 2. b',
      right: 'Right answer: 1. a; 3. c',
      wrongParts: 'ticked but wrong: 2. b. missed: 3. c.',
    });
    expect(answerReport(multiple, []).yours).toBe('Your answer: nothing ticked');
  });

  it('ordering: the orders by their texts, and each item out of place', () => {
    expect(answerReport(ordering, [0, 1, 2])).toEqual({
      yours: 'Your order: grant → write → pause',
      right: 'Right order: pause → grant → write',
      wrongParts: 'Out of place: "grant" (2nd, not 1st); "write" (3rd, not 2nd); "pause" (1st, not 3rd).',
    });
    expect(answerReport(ordering, [2, 0, 1]).wrongParts).toBeNull();
  });

  it('an unanswered question says so', () => {
    expect(answerReport(single, null).yours).toBe('Your answer: not answered');
  });
});

describe('the session gives these words with every practice feedback', () => {
  it('wrong then right', () => {
    let s = S.startSession({ questions: [multiple], mode: 'practice', timeLimitMs: null, passMark: null }, 0);
    const wrong = S.answer(s, [0, 1], 1);
    expect(wrong.feedback?.answerLines).toEqual(['Your answer: 1. a; 2. b', 'Right answer: 1. a; 3. c', 'ticked but wrong: 2. b. missed: 3. c.']);
    s = wrong.state;
    expect(S.answer(s, [0, 2], 2).feedback?.answerLines).toEqual(['Your answer: 1. a; 3. c']);
  });
});
