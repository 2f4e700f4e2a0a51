import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { lateWritersYaml } from '../../scripts/bench/support/late-writers.mjs';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import type { ExploreResult, Scenario } from '../../src/core/types.js';
import { predictionChoices, wrongMoment } from '../../src/core/prediction.js';
import { eventTicks } from '../../src/store/run-ticks.js';
import { createSimulatorStore, endTick, type EngineCalls } from '../../src/store/simulator-store.js';

const lateWrite = (): Scenario => loadScenarioFile(join(import.meta.dirname, '../../scenarios/late-write.yaml'), false);

function fakeExplore(scenario: Scenario): ExploreResult {
  return {
    scenario: scenario.id,
    config: scenario.config,
    orderings: 3n,
    finalValues: { '100': 3n },
    orderingsWithStaleAcceptance: 0n,
    counterexample: null,
  };
}

function engine(): EngineCalls & { simulate: ReturnType<typeof vi.fn>; explore: ReturnType<typeof vi.fn> } {
  return { simulate: vi.fn(simulate), explore: vi.fn(fakeExplore) };
}

describe('simulator store', () => {
  it('opens a scenario with the engine result, paused at tick 0', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    const s = store.getState();
    expect(s.result?.final.value).toBe('100');
    expect(s.cursor).toBe(0);
    expect(s.playing).toBe(false);
  });

  it('plays tick by tick to the end and stops there', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    store.getState().togglePlay();
    const last = endTick(store.getState().result);
    for (let i = 0; i < last + 5; i++) store.getState().advance();
    expect(store.getState().cursor).toBe(last);
    expect(store.getState().playing).toBe(false);
    // Space at the end plays again from the start.
    store.getState().togglePlay();
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().playing).toBe(true);
  });

  it('steps from event tick to event tick, both ways, and restarts', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    const ticks = eventTicks(store.getState().result);
    store.getState().stepForward();
    expect(store.getState().cursor).toBe(ticks.find((t) => t > 0));
    store.getState().stepForward();
    store.getState().stepBack();
    expect(store.getState().cursor).toBe(ticks.find((t) => t > 0));
    store.getState().restart();
    expect(store.getState().cursor).toBe(0);
  });

  it('speed stays within its range', () => {
    const store = createSimulatorStore(engine());
    for (let i = 0; i < 10; i++) store.getState().faster();
    expect(store.getState().speedIndex).toBe(4);
    for (let i = 0; i < 10; i++) store.getState().slower();
    expect(store.getState().speedIndex).toBe(0);
  });

  it('toggling fencing while playing replays from the start and says how the outcome changed', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    store.getState().togglePlay();
    store.getState().advance();
    store.getState().toggle('fencing');
    const s = store.getState();
    expect(s.result?.config.fencing).toBe(false);
    expect(s.result?.final.value).toBe('1');
    expect(s.cursor).toBe(0);
    expect(s.playing).toBe(true);
    expect(s.change).toMatch(/^fencing off: A's late write overwrote B's: lost update/);
    store.getState().toggle('fencing');
    expect(store.getState().result?.final.value).toBe('100');
    expect(store.getState().change).toMatch(/^fencing on: A's stale write is no longer accepted/);
  });

  it('a toggle or a lease change while paused re-runs and stays paused where it was (at t=0 too)', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    store.getState().toggle('fencing');
    expect(store.getState()).toMatchObject({ cursor: 0, playing: false });
    expect(store.getState().result?.config.fencing).toBe(false);
    expect(store.getState().change).toMatch(/^fencing off: /);
    store.getState().stepForward();
    store.getState().stepForward();
    const at = store.getState().cursor;
    expect(at).toBeGreaterThan(0);
    store.getState().toggle('check');
    expect(store.getState()).toMatchObject({ cursor: at, playing: false });
    store.getState().changeTtl(1);
    expect(store.getState()).toMatchObject({ cursor: at, playing: false });
  });

  it('minting and check toggles flip the config; ttl stays at least 2', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    store.getState().toggle('minting');
    expect(store.getState().result?.config.minting).toBe('volatile');
    store.getState().toggle('check');
    expect(store.getState().result?.config.check).toBe('split');
    store.getState().changeTtl(1);
    expect(store.getState().result?.config.ttl).toBe(11);
    for (let i = 0; i < 20; i++) store.getState().changeTtl(-1);
    expect(store.getState().result?.config.ttl).toBe(2);
  });

  it('memoises one engine run per config', () => {
    const e = engine();
    const store = createSimulatorStore(e);
    store.getState().open(lateWrite());
    store.getState().toggle('fencing');
    store.getState().toggle('fencing');
    store.getState().toggle('fencing');
    // open (default), off, on (explicit: a different key), then off again from the cache.
    expect(e.simulate).toHaveBeenCalledTimes(3);
  });

  it('with reduced motion it opens at t=0, paused; space steps one event; a change lands on the whole run', () => {
    const store = createSimulatorStore(engine(), { reducedMotion: true });
    store.getState().open(lateWrite());
    expect(store.getState().cursor).toBe(0);
    expect(store.getState().playing).toBe(false);
    store.getState().togglePlay();
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBe(eventTicks(store.getState().result).find((t) => t > 0));
    store.getState().toggle('fencing');
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBe(endTick(store.getState().result));
    store.getState().restart();
    store.getState().togglePlay();
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBeGreaterThan(0);
  });

  it('predict: a right answer plays the run; a wrong one replays up to where it goes wrong', () => {
    const store = createSimulatorStore(engine());
    store.getState().open(lateWrite());
    store.getState().askPrediction();
    expect(store.getState().prediction?.choices).toEqual(['null', '0', '100', '1']);
    store.getState().answerPrediction(2);
    expect(store.getState().prediction?.correct).toBe(true);
    expect(store.getState().playing).toBe(true);

    store.getState().askPrediction();
    store.getState().movePrediction(-1); // wraps to the last choice, "1"
    store.getState().answerPrediction();
    const p = store.getState().prediction;
    expect(p?.chosen).toBe('1');
    expect(p?.correct).toBe(false);
    // A's "1" is rejected at t=31: that is the moment the guess goes wrong.
    expect(p?.wrongAt).toBe(31);
    expect(store.getState().stopAt).toBe(31);
    for (let i = 0; i < 100; i++) store.getState().advance();
    expect(store.getState().cursor).toBe(31);
  });

  it('explore is the engine explorer for the current settings, recomputed after a toggle', () => {
    const e = engine();
    const store = createSimulatorStore(e);
    store.getState().open(lateWrite());
    store.getState().openExplore();
    expect(store.getState().exploreOpen).toBe(true);
    expect(store.getState().explore?.orderings).toBe(3n);
    store.getState().toggle('check');
    expect(e.explore).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'late-write' }), { check: 'split' });
    store.getState().closeExplore();
    expect(store.getState().exploreOpen).toBe(false);
  });

  it("a scenario past the explorer's state limit: the message instead of a computation, on opening and after a toggle", () => {
    const seven = loadScenarioText(lateWritersYaml(7, 4), 'seven.yaml');
    const store = createSimulatorStore({ simulate, explore });
    store.getState().open(seven);
    store.getState().openExplore();
    expect(store.getState().exploreOpen).toBe(false);
    expect(store.getState().explore).toBeNull();
    expect(store.getState().error).toMatch(/too large to explore: up to 172,186,884 states .* limit is 33,554,432/);
    // Open on a scenario within the limit, then a toggle that keeps it within: no message.
    const three = loadScenarioText(lateWritersYaml(3, 2), 'three.yaml');
    store.getState().open(three);
    store.getState().openExplore();
    expect(store.getState().exploreOpen).toBe(true);
    store.getState().toggle('check');
    expect(store.getState().error).toBeNull();
    expect(store.getState().explore?.orderings).toBeGreaterThan(0n);
  });

  it('a toggle that takes the scenario past the limit closes the explorer with the message', () => {
    const failing = vi.fn(fakeExplore);
    const store = createSimulatorStore({ simulate, explore: failing });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    failing.mockImplementation(() => {
      throw new Error('this scenario is too large to explore');
    });
    store.getState().toggle('check');
    expect(store.getState().exploreOpen).toBe(false);
    expect(store.getState().explore).toBeNull();
    expect(store.getState().error).toBe('this scenario is too large to explore');
  });

  it('a counterexample replay steps within its bounds and stops; a question can be withdrawn', () => {
    const ops = [
      { actor: 'A', value: '0', token: [0, 1] as const, op: 'write' as const, result: 'accepted' as const, hwm: null },
      { actor: 'B', value: '1', token: [0, 2] as const, op: 'write' as const, result: 'accepted' as const, hwm: [0, 1] as const },
    ];
    const store = createSimulatorStore({ simulate, explore: (s) => ({ ...fakeExplore(s), counterexample: ops }) });
    store.getState().open(lateWrite());
    store.getState().openExplore();
    store.getState().replayCounterexample();
    expect(store.getState().counterexampleStep).toBe(0);
    store.getState().stepCounterexample(5);
    expect(store.getState().counterexampleStep).toBe(1);
    store.getState().stepCounterexample(-5);
    expect(store.getState().counterexampleStep).toBe(0);
    store.getState().stopCounterexample();
    expect(store.getState().counterexampleStep).toBeNull();
    store.getState().askPrediction();
    store.getState().cancelPrediction();
    expect(store.getState().prediction).toBeNull();
  });
});

describe('prediction helpers', () => {
  it('offer the start value and every written value, in the order the steps run', () => {
    expect(predictionChoices(lateWrite())).toEqual(['null', '0', '100', '1']);
  });

  it('find where a wrong guess goes wrong', () => {
    const fenced = simulate(lateWrite());
    expect(wrongMoment(fenced, '0')?.t).toBe(14); // B's "100" replaces "0"
    expect(wrongMoment(fenced, 'null')?.t).toBe(1); // the first write lands
    const plain = simulate(lateWrite(), { fencing: false });
    expect(wrongMoment(plain, '100')?.t).toBe(31); // A's late "1" overwrites it
  });
});
