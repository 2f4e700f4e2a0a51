/**
 * The dense path (src/core/dense-count.ts, issue 18; the explorer's 'auto'
 * whenever the array fits) against brute force, the memoised model (value
 * and stale flag in the state, bigint counts: an independent
 * implementation, test/core/memoised-count.ts) and the level path, its
 * limbs' bound, and which scenarios it takes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DENSE_BUDGET, fitsDense } from '../../src/core/dense-count.js';
import { simulate } from '../../src/core/engine.js';
import { Exploration } from '../../src/core/explorer.js';
import { ExplorationCancelled } from '../../src/core/explorer-hooks.js';
import { levelLimbs } from '../../src/core/limbs.js';
import { type ConfigOverrides, DEFAULT_CONFIG } from '../../src/core/types.js';
import { scenarioArb } from './arbitraries.js';
import { counted, expectBruteForceAgrees, expectModelAgrees, lateWriters } from './exploration.js';
import { replay } from './brute-force.js';

const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));

describe('the dense path', () => {
  it('agrees with brute force on small random scenarios, and its counterexample violates', () => {
    const small = scenarioArb({ maxSteps: 12 }).filter((s) => simulate(s).writes.length <= 7);
    fc.assert(
      fc.property(small, (s) => {
        // Seven writes or fewer: far inside the array's budget, so 'auto' is the dense path.
        expectBruteForceAgrees(simulate(s), 'auto');
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the memoised model on larger random scenarios, and its counterexample violates', () => {
    fc.assert(
      fc.property(scenarioArb({ maxSteps: 24 }), (s) => {
        expectModelAgrees(simulate(s), 'auto');
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with the level path on generated late-writer scenarios under every setting', () => {
    const settings = fc.record({
      fencing: fc.boolean(),
      check: fc.constantFrom('atomic' as const, 'split' as const),
      minting: fc.constantFrom('durable' as const, 'volatile' as const),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), settings, (actors, writes, overrides: ConfigOverrides) => {
        const run = simulate(lateWriters(actors, writes), overrides);
        const dense = counted(run, 'auto');
        const levels = counted(run, 'levels');
        expect(dense.counts).toEqual(levels.counts);
        expect(dense.states).toBeLessThanOrEqual(levels.states);
        if (dense.counterexample) expect(replay(run, dense.counterexample)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('4 actors x 4 writes, split: past 2^53 on the deep levels (two limbs), equal to the level path', () => {
    const run = simulate(lateWriters(4, 4));
    const dense = counted(run, 'auto');
    const levels = counted(run, 'levels');
    expect(dense.counts).toEqual(levels.counts);
    expect(dense.counts.orderings).toBe(499046833881948n);
    expect(levelLimbs([8, 8, 8, 8]).at(-1)).toBe(2);
    expect(dense.counterexample && replay(run, dense.counterexample)).toBe(true);
  });

  it('counts states as it goes and cancels when asked', () => {
    const run = simulate(lateWriters(3, 3));
    const seen: number[] = [];
    const withHooks = counted(run, 'auto', { onProgress: (p: { statesVisited: number }) => seen.push(p.statesVisited), progressEvery: 10 });
    expect(withHooks.counts).toEqual(counted(run, 'auto').counts);
    expect(seen).toEqual(seen.map((_, i) => 10 * (i + 1)));
    expect(seen.length).toBe(Math.floor(withHooks.states / 10));
    expect(() => counted(run, 'auto', { progressEvery: 5, shouldCancel: () => true })).toThrow(ExplorationCancelled);
  });
});

describe("the dense path's limbs", () => {
  /** Per level, the largest multinomial over positions that sum to it, each at most its end: by listing every positions. */
  function largest(ends: number[]): bigint[] {
    const best: bigint[] = [];
    const walk = (a: number, parts: number[]) => {
      if (a === ends.length) {
        const level = parts.reduce((m, p) => m + p, 0);
        const multinomial = parts.reduce((m, p) => m / factorial(p), factorial(level));
        if (multinomial > (best[level] ?? 0n)) best[level] = multinomial;
        return;
      }
      for (let p = 0; p <= ends[a]!; p++) walk(a + 1, [...parts, p]);
    };
    walk(0, []);
    return best;
  }

  it.each([[[8, 8, 8, 8]], [[2, 6, 4]], [[20, 1, 3]], [[40, 40]]])('bounds every level by its largest multinomial, and never drops: ends %j', (ends) => {
    const limbs = levelLimbs(ends);
    const bound = largest(ends);
    expect(limbs).toHaveLength(bound.length);
    limbs.forEach((l, level) => {
      expect(l).toBeGreaterThanOrEqual(Math.ceil(bound[level]!.toString(2).length / 52));
      if (level > 0) expect(l).toBeGreaterThanOrEqual(limbs[level - 1]!);
    });
    // The bound is tight enough to matter: the deepest level of two actors x 40 needs 2 limbs, not more.
    if (ends.length === 2) expect(limbs.at(-1)).toBe(2);
  });

  it('6 actors x 4 writes: one limb up to level 24 (2^52), two from 25', () => {
    const limbs = levelLimbs([8, 8, 8, 8, 8, 8]);
    expect(limbs[24]).toBe(1);
    expect(limbs[25]).toBe(2);
    expect(limbs[48]).toBe(3);
  });
});

describe('which scenarios the dense path takes', () => {
  const input = (writesPerActor: number[], tokenCount: number) => ({
    sequences: writesPerActor.map((k, a) => Array.from({ length: k }, (_, i) => a * 100 + i)),
    ranks: [],
    tokenCount,
    fencing: true,
    split: true,
  });

  it('6 x 4 and 7 x 3 (actors x writes, a token each) fit its budget; 7 x 4 and 15 x 1 do not', () => {
    expect(fitsDense(input([4, 4, 4, 4, 4, 4], 6))).toBe(true);
    expect(fitsDense(input([3, 3, 3, 3, 3, 3, 3], 7))).toBe(true);
    expect(fitsDense(input([4, 4, 4, 4, 4, 4, 4], 7))).toBe(false);
    expect(fitsDense(input(new Array(15).fill(1), 0))).toBe(false);
    expect(DENSE_BUDGET).toBe(192 * 2 ** 20);
  });

  it('a scenario past the budget is still counted exactly (by the level path)', () => {
    // 15 actors, one write each, no fencing: 3^15 positions, past the budget.
    const steps = Array.from({ length: 15 }, (_, i) => ({ at: 0, actor: String.fromCharCode(65 + i), do: 'write' as const, value: `v${i}`, delay: 0 }));
    const run = simulate({ id: 'wide', config: { ...DEFAULT_CONFIG, fencing: false }, steps });
    const r = new Exploration(run, run.config).result('wide');
    expect(r.orderings).toBe(factorial(15));
  });
});
