/**
 * The level path (src/core/level-count.ts, issue 18) against the memoised
 * model (value and stale flag in the state, bigint counts: an independent
 * implementation, test/core/memoised-count.ts), the dense path and brute
 * force, on random and generated scenarios; and the hooks and the state
 * limit on both paths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/core/engine.js';
import { Exploration, type ExplorerPath, explore } from '../../src/core/explorer.js';
import { ExplorationCancelled } from '../../src/core/explorer-hooks.js';
import { ExplorerLimitError, STATE_LIMIT } from '../../src/core/explorer-limit.js';
import type { ConfigOverrides } from '../../src/core/types.js';
import { scenarioArb } from './arbitraries.js';
import { counted, expectBruteForceAgrees, expectModelAgrees, lateWriters } from './exploration.js';
import { replay } from './brute-force.js';

function thrown(act: () => unknown): unknown {
  try {
    act();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('the level path', () => {
  it('agrees with brute force on small random scenarios, and its counterexample violates', () => {
    const small = scenarioArb({ maxSteps: 12 }).filter((s) => simulate(s).writes.length <= 7);
    fc.assert(
      fc.property(small, (s) => {
        expectBruteForceAgrees(simulate(s), 'levels');
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the memoised model on larger random scenarios, and its counterexample violates', () => {
    fc.assert(
      fc.property(scenarioArb({ maxSteps: 24 }), (s) => {
        expectModelAgrees(simulate(s), 'levels');
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the memoised model and the dense path on generated late-writer scenarios under every setting', () => {
    const settings = fc.record({
      fencing: fc.boolean(),
      check: fc.constantFrom('atomic' as const, 'split' as const),
      minting: fc.constantFrom('durable' as const, 'volatile' as const),
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), settings, (actors, writes, overrides: ConfigOverrides) => {
        const run = simulate(lateWriters(actors, writes), overrides);
        expectModelAgrees(run, 'levels');
        expect(counted(run, 'levels')).toEqual(counted(run, 'auto'));
      }),
      { numRuns: 60 },
    );
  });

  it('5 actors x 4 writes, split: exact counts past 2^53, equal on both paths', () => {
    const run = simulate(lateWriters(5, 4));
    expect(run.writes).toHaveLength(20);
    const auto = counted(run, 'auto');
    const levels = counted(run, 'levels');
    expect(auto.counts).toEqual(levels.counts);
    // Measured with the explorer before the level path existed (`explore --json`, 5 x 4).
    expect(auto.counts.orderings).toBe(4059050417184524442623n);
    expect(auto.counts.orderings > 2n ** 53n).toBe(true);
    expect(Object.values(auto.counts.finalValues).reduce((a, b) => a + b, 0n)).toBe(auto.counts.orderings);
    expect(auto.counts.orderingsWithStaleAcceptance).toBeGreaterThan(0n);
    expect(auto.counterexample && replay(run, auto.counterexample)).toBe(true);
    expect(levels.counterexample && replay(run, levels.counterexample)).toBe(true);
  }, 60_000);
});

describe('explorer hooks', () => {
  const paths: ExplorerPath[] = ['auto', 'levels'];
  const run = simulate(lateWriters(3, 3));

  it.each(paths)('%s: progress every N states, counting up; the result is the same as without hooks', (path) => {
    const seen: number[] = [];
    const withHooks = counted(run, path, { onProgress: (p: { statesVisited: number }) => seen.push(p.statesVisited), progressEvery: 10 });
    expect(withHooks.counts).toEqual(counted(run, path).counts);
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).toEqual(seen.map((_, i) => 10 * (i + 1)));
  });

  it.each(paths)('%s: shouldCancel stops the exploration with ExplorationCancelled', (path) => {
    let asked = 0;
    const hooks = { progressEvery: 5, shouldCancel: () => ++asked === 3 };
    expect(() => counted(run, path, hooks)).toThrow(ExplorationCancelled);
    expect(asked).toBe(3);
    expect(thrown(() => counted(run, path, { progressEvery: 5, shouldCancel: () => true }))).toMatchObject({ statesVisited: 5 });
  });

  it('explore(scenario, overrides, hooks) passes the hooks on', () => {
    const seen: number[] = [];
    explore(lateWriters(3, 3), {}, { onProgress: (p) => seen.push(p.statesVisited), progressEvery: 1 });
    expect(seen.length).toBeGreaterThan(10);
  });
});

describe('the state limit', () => {
  it('refuses 7 actors x 4 writes before counting, with the numbers', () => {
    let progress = 0;
    const act = () => explore(lateWriters(7, 4), {}, { onProgress: () => progress++, progressEvery: 1 });
    expect(act).toThrow(ExplorerLimitError);
    expect(progress).toBe(0);
    {
      const e = thrown(act) as ExplorerLimitError;
      // Positions: 9 per actor (a check and an apply per write, and the end); 36 pairs of mark and highest token of 7.
      expect(e.bound).toBe(9 ** 7 * 36);
      expect(e.limit).toBe(STATE_LIMIT);
      expect(e.writesPerActor).toEqual([4, 4, 4, 4, 4, 4, 4]);
      expect(e.message).toContain('172,186,884 states');
      expect(e.message).toContain(`limit is ${STATE_LIMIT.toLocaleString('en-US')}`);
      expect(e.message).toMatch(/Fix: fewer actors/);
    }
  });

  it('accepts 6 actors x 4 writes (the bound under the limit)', () => {
    // Only the bound is checked here: counting 6 x 4 is the bench's job.
    const run = simulate(lateWriters(6, 4));
    expect(() => new Exploration(run, run.config, 'auto', { progressEvery: 1, shouldCancel: () => true }).result('x')).toThrow(ExplorationCancelled);
  });
});
