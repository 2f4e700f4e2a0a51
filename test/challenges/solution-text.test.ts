/**
 * The reference solution as the steps that differ from the start, in words,
 * and in the scenario format on request (issue 33: it was a JSON dump of the
 * whole config, cut at the screen edge, that did not say which step changed).
 */
import { describe, expect, it } from 'vitest';
import { solutionScenarioLines, solutionWords } from '../../src/challenges/solution-text.js';
import { allChallenges } from '../../src/content/challenges/challenge-files.js';

const challenge = (id: string) => {
  const found = allChallenges().find((c) => c.id === id);
  if (!found) throw new Error(`no challenge ${id}`);
  return found;
};

describe('solutionWords', () => {
  it('atomic-proof: the one act, in words, naming the step that changes', () => {
    expect(solutionWords(challenge('atomic-proof'))).toEqual([`change: A's write of "0" at t=1 becomes A writes "0", 20 ticks in flight at t=1`]);
  });

  it('every shipped challenge: one line per act, none of them JSON', () => {
    for (const c of allChallenges()) {
      const lines = solutionWords(c);
      expect(lines.length, c.id).toBeGreaterThan(0);
      for (const l of lines) expect(l, c.id).toMatch(/^(add|remove|change|set): /);
      expect(lines.join(' '), c.id).not.toMatch(/[{}]/);
    }
  });

  it('the scenario format: the changed step as a flow mapping, with what it was', () => {
    expect(solutionScenarioLines(challenge('atomic-proof'))).toEqual([
      '- { at: 1, actor: "A", do: write, value: "0", delay: 20 }  # was { at: 1, actor: "A", do: write, value: "0" }',
    ]);
  });
});

describe("atomic-proof's task and goal agree (issue 33)", () => {
  it('the task asks for the attempt the goal checks (A rejected, every ordering tried), not for an accepted write', () => {
    const c = challenge('atomic-proof');
    expect(c.goal.rejected).toEqual(['A']);
    expect(c.task).toMatch(/rejected/);
    expect(c.task).toMatch(/every ordering/);
    expect(c.task).not.toMatch(/ordering in which it is accepted/);
  });
});
