/**
 * Every shipped challenge, through the same check the CLI and the app use:
 * the start does not solve it, the reference solution solves it at par, and
 * the solution with one more act (a step that changes nothing) is solved
 * over par.
 */
import { describe, expect, it } from 'vitest';
import { checkRun } from '../../src/challenges/check-run.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import type { Scenario, Step } from '../../src/core/types.js';
import { allChallenges } from '../../src/content/challenges/challenge-files.js';
import type { Challenge } from '../../src/content/challenges/challenge-types.js';

const explorer = (s: Scenario) => explore(s, {});

/**
 * One more act that changes nothing: after the run has ended, a resume of a
 * running actor, a release by an actor holding nothing, or a sink restart
 * that keeps the mark, or a retry of the last accepted write with the same
 * token and value (whichever the challenge allows).
 */
function withNoOpAct(c: Challenge): Scenario {
  const at = simulate(c.solution, {}).endTick + 5;
  const actor = c.solution.steps.find((s) => s.actor !== 'coordinator' && s.actor !== 'sink')?.actor ?? 'A';
  const allowed = c.allow.steps;
  const extra: Step | undefined = allowed.includes('resume')
    ? { at, actor, do: 'resume' }
    : allowed.includes('release')
      ? { at, actor: 'Nobody', do: 'release' }
      : allowed.includes('sink-restart')
        ? { at, actor: 'sink', do: 'sink-restart', durable: true }
        : allowed.includes('write')
          ? lastWriteRetry(c, at)
          : undefined;
  if (!extra) throw new Error(`${c.id}: allows no step this test can add without effect`);
  return { ...c.solution, steps: [...c.solution.steps, extra] };
}

describe('shipped challenges, checked as a learner’s run', () => {
  for (const c of allChallenges()) {
    describe(c.id, () => {
      it('is not solved by its starting scenario', () => {
        const { check, verdict } = checkRun(c, c.start, explorer);
        expect(check.forbidden).toEqual([]);
        expect(verdict.acts).toBe(0);
        expect(verdict.solved).toBe(false);
        expect(verdict.misses.length).toBeGreaterThan(0);
      });
      it('is solved at par by its reference solution', () => {
        const { check, verdict } = checkRun(c, c.solution, explorer);
        expect(check.forbidden).toEqual([]);
        expect(verdict).toMatchObject({ solved: true, acts: c.par, misses: [] });
      });
      it('is solved over par by the solution with one more act', () => {
        const { check, verdict } = checkRun(c, withNoOpAct(c), explorer);
        expect(check.forbidden).toEqual([]);
        expect(verdict).toMatchObject({ solved: true, acts: c.par + 1 });
      });
    });
  }
});

function lastWriteRetry(c: Challenge, at: number): Step {
  const run = simulate(c.solution, {});
  const last = [...run.writes].reverse().find((w) => w.result === 'accepted');
  if (!last) throw new Error(`${c.id}: no accepted write to retry`);
  return { at, actor: last.actor, do: 'write', value: last.value, delay: 0 };
}
