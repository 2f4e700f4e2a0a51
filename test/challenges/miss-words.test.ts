/**
 * A missed goal in words (issue 33's walk): the parts that carry their own
 * clause read as a sentence ("but the run gives every grant got ..." did not).
 */
import { describe, expect, it } from 'vitest';
import { missWords } from '../../src/challenges/check-run.js';

describe('missWords', () => {
  it('a goal with its own clause: "but in this run ..."', () => {
    expect(
      missWords({
        field: 'tokensBackwards',
        wanted: 'a grant with a token lower than an earlier grant',
        actual: 'every grant got a higher token than the one before',
      }),
    ).toBe('wanted a grant with a token lower than an earlier grant, but in this run every grant got a higher token than the one before');
    expect(missWords({ field: 'explore.stale', wanted: 'no ordering accepts a stale write', actual: '3 of 15 orderings accept a stale write' })).toBe(
      'wanted no ordering accepts a stale write, but in this run 3 of 15 orderings accept a stale write',
    );
  });

  it('a claim field keeps its own words', () => {
    expect(missWords({ field: 'rejected', wanted: '[A]', actual: '[]' })).toBe('rejected writes should come from exactly A, but the run gives no one');
  });
});
