/**
 * What the explorer path tests share: generated late-writer scenarios (the
 * bench's shape), one path's counts and states for a run, and the checks of
 * a path against brute force and against the memoised model.
 */
import { expect } from 'vitest';
import { lateWritersYaml } from '../../scripts/bench/support/late-writers.mjs';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { Exploration, type ExplorerPath } from '../../src/core/explorer.js';
import type { Scenario, SimResult } from '../../src/core/types.js';
import { bruteForce, replay, type Tally } from './brute-force.js';
import { memoisedCount } from './memoised-count.js';

export const lateWriters = (actors: number, writes: number): Scenario =>
  loadScenarioText(lateWritersYaml(actors, writes), `late-writers-${actors}x${writes}.yaml`);

export function counted(run: SimResult, path: ExplorerPath, hooks = {}) {
  const x = new Exploration(run, run.config, path, hooks);
  const { counterexample, ...counts } = x.result(run.scenario);
  return { counts, counterexample, states: x.statesVisited };
}

/** The path's counts equal the model's, and its counterexample (there is one exactly when some ordering is stale) violates. */
function expectAgrees(run: SimResult, path: ExplorerPath, model: Tally): void {
  const { counts, counterexample } = counted(run, path);
  expect(counts.orderings).toBe(model.orderings);
  expect(counts.finalValues).toEqual(model.finalValues);
  expect(counts.orderingsWithStaleAcceptance).toBe(model.stale);
  expect(counterexample === null).toBe(model.stale === 0n);
  if (counterexample) expect(replay(run, counterexample)).toBe(true);
}

/** Against every interleaving listed one by one (small runs only). */
export function expectBruteForceAgrees(run: SimResult, path: ExplorerPath): void {
  expectAgrees(run, path, bruteForce(run));
}

/** Against the memoised model (test/core/memoised-count.ts), for runs beyond brute force's reach. */
export function expectModelAgrees(run: SimResult, path: ExplorerPath): void {
  expectAgrees(run, path, memoisedCount(run));
}
