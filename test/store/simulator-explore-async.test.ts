/**
 * The store's side of counting off the UI thread: progress while a job
 * runs, its answer when it lands, and a job that is stopped when the panel
 * closes, the settings change or the screen goes (so no worker is left).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import type { ConfigOverrides, ExploreResult, Scenario } from '../../src/core/types.js';
import type { ExploreAsync } from '../../src/store/explore-thread.js';
import { createSimulatorStore } from '../../src/store/simulator-store.js';

const lateWrite = (): Scenario => loadScenarioFile(join(import.meta.dirname, '../../scenarios/late-write.yaml'), false);

interface FakeJob {
  overrides: ConfigOverrides;
  progress: (n: number) => void;
  finish: (orderings: bigint) => void;
  cancelled: boolean;
}

function fakeWorker(): { exploreAsync: ExploreAsync; jobs: FakeJob[] } {
  const jobs: FakeJob[] = [];
  const exploreAsync: ExploreAsync = (scenario, overrides, onProgress) => {
    let finish: (orderings: bigint) => void = () => undefined;
    const result = new Promise<ExploreResult>((resolve) => {
      finish = (orderings) =>
        resolve({ scenario: scenario.id, config: scenario.config, orderings, finalValues: {}, orderingsWithStaleAcceptance: 0n, counterexample: null });
    });
    const job: FakeJob = { overrides, progress: (n) => onProgress({ statesVisited: n }), finish, cancelled: false };
    jobs.push(job);
    return { result, cancel: () => (job.cancelled = true) };
  };
  return { exploreAsync, jobs };
}

const explodes = () => {
  throw new Error('the store must not count on its own thread when it has a worker');
};

describe('simulator store: exploring off the thread', () => {
  it('shows progress, then the answer, and keeps it for the same settings', async () => {
    const { exploreAsync, jobs } = fakeWorker();
    const store = createSimulatorStore({ simulate, explore: explodes, exploreAsync });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    expect(store.getState()).toMatchObject({ exploreOpen: true, explore: null, exploring: { statesVisited: 0 } });
    jobs[0]!.progress(1234);
    expect(store.getState().exploring).toEqual({ statesVisited: 1234 });
    jobs[0]!.finish(3n);
    await Promise.resolve();
    expect(store.getState().exploring).toBeNull();
    expect(store.getState().explore?.orderings).toBe(3n);
    store.getState().closeExplore();
    store.getState().openExplore();
    expect(jobs).toHaveLength(1); // remembered
    expect(store.getState().explore?.orderings).toBe(3n);
  });

  it('closing the panel (Esc) stops the job; its late progress and answer change nothing', async () => {
    const { exploreAsync, jobs } = fakeWorker();
    const store = createSimulatorStore({ simulate, explore: explodes, exploreAsync });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    store.getState().closeExplore();
    expect(jobs[0]!.cancelled).toBe(true);
    expect(store.getState()).toMatchObject({ exploreOpen: false, exploring: null });
    jobs[0]!.progress(99);
    expect(store.getState().exploring).toBeNull();
  });

  it('a toggle while counting stops that count and starts one for the new settings', async () => {
    const { exploreAsync, jobs } = fakeWorker();
    const store = createSimulatorStore({ simulate, explore: explodes, exploreAsync });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    store.getState().toggle('check');
    // jobs[1] counts for the panel; the run did not change, so two more count for the "other orderings" hint.
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs[0]!.cancelled).toBe(true);
    expect(jobs[1]!.overrides).toEqual({ check: 'split' });
    jobs[0]!.finish(3n);
    jobs[1]!.finish(15n);
    await Promise.resolve();
    expect(store.getState().explore?.orderings).toBe(15n);
  });

  it('close() (the screen unmounting) stops a job under way', () => {
    const { exploreAsync, jobs } = fakeWorker();
    const store = createSimulatorStore({ simulate, explore: explodes, exploreAsync });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    store.getState().close();
    expect(jobs[0]!.cancelled).toBe(true);
  });

  it('an unchanged run asks for the "other orderings" counts, but not for a run too large to count unasked', () => {
    const small = fakeWorker();
    const store = createSimulatorStore({ simulate, explore: explodes, exploreAsync: small.exploreAsync });
    store.getState().open(lateWrite());
    store.getState().toggle('minting');
    expect(small.jobs.map((j) => j.overrides)).toEqual([{}, { minting: 'volatile' }]);

    const large = fakeWorker();
    const big = createSimulatorStore({ simulate, explore: explodes, exploreAsync: large.exploreAsync });
    big.getState().open(loadScenarioFile(join(import.meta.dirname, '../fixtures/scenarios/six-by-four.yaml'), true));
    big.getState().toggle('minting');
    expect(big.getState().change).toContain('no failover in this run');
    expect(large.jobs).toHaveLength(0);
  });
});
