/**
 * Answer shapes and correctness. A response is 0-based: one index for
 * single, truefalse and predict; a list for multiple (any order) and for
 * ordering (the options in their correct order). The wrong shape (out of
 * range, repeated, not a permutation) is bad input, not a wrong answer.
 */
import type { DrawnQuestion, QuestionType, Response } from './types.js';

/** What shape of answer a question takes, in words, for error messages and templates. */
export function expectedShape(q: Pick<DrawnQuestion, 'type' | 'options'>): string {
  const last = q.options.length - 1;
  switch (q.type) {
    case 'multiple':
      return `a list of distinct option indices from 0 to ${last}, e.g. [0, 2]`;
    case 'ordering':
      return `every option index from 0 to ${last} exactly once, in the correct order, e.g. [${q.options.map((_, i) => last - i).join(', ')}]`;
    default:
      return `one option index from 0 to ${last}`;
  }
}

function takesList(type: QuestionType): boolean {
  return type === 'multiple' || type === 'ordering';
}

/** Null when `value` is a response of the right shape for `q`; else what is wrong. */
export function responseShapeError(q: Pick<DrawnQuestion, 'type' | 'options'>, value: unknown): string | null {
  const n = q.options.length;
  const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!takesList(q.type)) {
    if (!isIndex(value)) return `expected ${expectedShape(q)}, got ${describe(value)}`;
    if (value < 0 || value >= n) return `index ${value} is out of range (0 to ${n - 1})`;
    return null;
  }
  if (!Array.isArray(value)) return `expected ${expectedShape(q)}, got ${describe(value)}`;
  const seen = new Set<number>();
  for (const v of value) {
    if (!isIndex(v)) return `expected ${expectedShape(q)}, got ${describe(v)} in the list`;
    if (v < 0 || v >= n) return `index ${v} is out of range (0 to ${n - 1})`;
    if (seen.has(v)) return `index ${v} is repeated`;
    seen.add(v);
  }
  if (q.type === 'ordering' && value.length !== n) {
    return `an ordering must list all ${n} options once (a permutation of 0 to ${n - 1}); got ${value.length}`;
  }
  return null;
}

/** Fully right? (Assumes the shape was checked.) */
export function isCorrect(q: Pick<DrawnQuestion, 'type' | 'answer'>, response: Response | null | undefined): boolean {
  if (response === null || response === undefined) return false;
  const key = q.answer;
  if (typeof key === 'number') return response === key;
  if (!Array.isArray(response) || response.length !== key.length) return false;
  if (q.type === 'ordering') return key.every((v, i) => response[i] === v);
  const chosen = new Set(response);
  return chosen.size === key.length && key.every((v) => chosen.has(v));
}

/**
 * A line typed at a plain prompt, with 1-based option numbers as shown:
 * "2" for one option, "1,3" or "1 3" for multiple, "3 1 2" for ordering.
 */
export function parseTypedResponse(q: Pick<DrawnQuestion, 'type' | 'options'>, line: string): { response: Response } | { error: string } {
  const parts = line
    .trim()
    .split(/[\s,]+/)
    .filter((p) => p.length > 0);
  if (parts.length === 0) return { error: 'type an option number' };
  if (!parts.every((p) => /^\d+$/.test(p))) return { error: 'type option numbers only (digits), e.g. 2, or 1,3 when several apply' };
  const numbers = parts.map(Number);
  const n = q.options.length;
  const outOfRange = numbers.find((v) => v < 1 || v > n);
  if (outOfRange !== undefined) return { error: `there is no option ${outOfRange}; choose from 1 to ${n}` };
  if (!takesList(q.type)) {
    if (numbers.length !== 1) return { error: 'this question takes one option number' };
    return { response: numbers[0]! - 1 };
  }
  const repeated = numbers.find((v, i) => numbers.indexOf(v) !== i);
  if (repeated !== undefined) return { error: `option ${repeated} is listed twice` };
  if (q.type === 'ordering' && numbers.length !== n) {
    const example = Array.from({ length: n }, (_, i) => n - i).join(' ');
    return { error: `list all ${n} option numbers once, first event first, e.g. ${example}` };
  }
  const response: Response = numbers.map((v) => v - 1);
  return { response };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.slice(0, 40))}`;
  return typeof value === 'number' ? String(value) : typeof value;
}
