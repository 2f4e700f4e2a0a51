import { describe, expect, it } from 'vitest';
import { expectedShape, isCorrect, parseTypedResponse, responseShapeError } from '../../../src/core/quiz/answers.js';
import type { DrawnQuestion } from '../../../src/core/quiz/types.js';

const q = (type: DrawnQuestion['type'], answer: DrawnQuestion['answer'], n = 4): DrawnQuestion => ({
  id: 'x',
  type,
  lesson: 'l',
  tags: ['t'],
  difficulty: 'easy',
  prompt: 'p',
  options: Array.from({ length: n }, (_, i) => `o${i}`),
  answer,
  explanation: 'e',
  source: 's',
});

describe('answer shapes', () => {
  it('single, truefalse and predict take one index in range', () => {
    for (const type of ['single', 'truefalse', 'predict'] as const) {
      const question = q(type, 1, type === 'truefalse' ? 2 : 4);
      expect(responseShapeError(question, 1)).toBeNull();
      expect(responseShapeError(question, -1)).toMatch(/out of range/);
      expect(responseShapeError(question, question.options.length)).toMatch(/out of range/);
      expect(responseShapeError(question, 1.5)).toMatch(/expected one option index/);
      expect(responseShapeError(question, '1')).toMatch(/expected one option index/);
      expect(responseShapeError(question, [1])).toMatch(/got a list/);
      expect(responseShapeError(question, null)).toMatch(/expected/);
    }
  });

  it('multiple takes distinct indices in range, any order', () => {
    const m = q('multiple', [0, 2]);
    expect(responseShapeError(m, [2, 0])).toBeNull();
    expect(responseShapeError(m, [])).toBeNull();
    expect(responseShapeError(m, [0, 0])).toMatch(/repeated/);
    expect(responseShapeError(m, [0, 9])).toMatch(/out of range/);
    expect(responseShapeError(m, 0)).toMatch(/list of distinct/);
    expect(isCorrect(m, [2, 0])).toBe(true);
    expect(isCorrect(m, [0])).toBe(false);
    expect(isCorrect(m, [0, 2, 3])).toBe(false);
  });

  it('ordering takes a permutation of every index', () => {
    const o = q('ordering', [2, 0, 3, 1]);
    expect(responseShapeError(o, [2, 0, 3, 1])).toBeNull();
    expect(responseShapeError(o, [2, 0, 3])).toMatch(/permutation/);
    expect(responseShapeError(o, [2, 0, 3, 3])).toMatch(/repeated/);
    expect(responseShapeError(o, [2, 0, 3, 4])).toMatch(/out of range/);
    expect(isCorrect(o, [2, 0, 3, 1])).toBe(true);
    expect(isCorrect(o, [0, 2, 3, 1])).toBe(false);
    expect(expectedShape(o)).toContain('exactly once');
  });

  it('no answer is wrong', () => {
    expect(isCorrect(q('single', 1), null)).toBe(false);
    expect(isCorrect(q('single', 1), undefined)).toBe(false);
    expect(isCorrect(q('single', 1), 1)).toBe(true);
    expect(isCorrect(q('single', 1), [1])).toBe(false);
  });

  it('typed responses are 1-based as shown: "2", "1,3", "3 1 2"', () => {
    expect(parseTypedResponse(q('single', 1), '2')).toEqual({ response: 1 });
    expect(parseTypedResponse(q('single', 1), ' 4 ')).toEqual({ response: 3 });
    expect(parseTypedResponse(q('single', 1), '5')).toEqual({ error: 'there is no option 5; choose from 1 to 4' });
    expect(parseTypedResponse(q('single', 1), '1 2')).toHaveProperty('error');
    expect(parseTypedResponse(q('single', 1), 'b')).toHaveProperty('error');
    expect(parseTypedResponse(q('multiple', [0, 2]), '1,3')).toEqual({ response: [0, 2] });
    expect(parseTypedResponse(q('multiple', [0, 2]), '1, 1')).toEqual({ error: 'option 1 is listed twice' });
    expect(parseTypedResponse(q('ordering', [0, 1, 2], 3), '3 1 2')).toEqual({ response: [2, 0, 1] });
    expect(parseTypedResponse(q('ordering', [0, 1, 2], 3), '3 1')).toHaveProperty('error');
    expect(parseTypedResponse(q('single', 1), '')).toHaveProperty('error');
  });
});
