/**
 * What the explorer path tests share: generated late-writer scenarios (the
 * bench's shape), one path's counts and states for a run, and the check of a
 * path against brute force.
 */
import { expect } from 'vitest';
import { lateWritersYaml } from '../../scripts/bench/support/late-writers.mjs';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { Exploration, type ExplorerPath } from '../../src/core/explorer.js';
import type { Scenario, SimResult } from '../../src/core/types.js';
import { bruteForce, replay } from './brute-force.js';

export const lateWriters = (actors: number, writes: number): Scenario =>
  loadScenarioText(lateWritersYaml(actors, writes), `late-writers-${actors}x${writes}.yaml`);

export function counted(run: SimResult, path: ExplorerPath, hooks = {}) {
  const x = new Exploration(run, run.config, path, hooks);
  const { counterexample, ...counts } = x.result(run.scenario);
  return { counts, counterexample, states: x.statesVisited };
}

/** The path's counts equal brute force's, and its counterexample (there is one exactly when some ordering is stale) violates. */
export function expectBruteForceAgrees(run: SimResult, path: ExplorerPath): void {
  const { counts, counterexample } = counted(run, path);
  const b = bruteForce(run);
  expect(counts.orderings).toBe(b.orderings);
  expect(counts.finalValues).toEqual(b.finalValues);
  expect(counts.orderingsWithStaleAcceptance).toBe(b.stale);
  expect(counterexample === null).toBe(b.stale === 0n);
  if (counterexample) expect(replay(run, counterexample)).toBe(true);
}
