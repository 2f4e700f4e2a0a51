import { describe, expect, it } from 'vitest';
import { challengeProblems } from '../../../src/content/challenges/challenge-check.js';
import { allChallenges } from '../../../src/content/challenges/challenge-files.js';

describe('shipped challenges', () => {
  const challenges = allChallenges();
  it('has at least 12', () => {
    expect(challenges.length).toBeGreaterThanOrEqual(12);
  });
  for (const c of challenges) {
    it(`${c.id} is consistent`, () => {
      expect(challengeProblems(c)).toEqual([]);
    });
  }
});
