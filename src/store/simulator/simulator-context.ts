/**
 * What the simulator's slices share (src/store/simulator-store.ts combines
 * them): the engine, the options, the memoised runs and counts, and the
 * explorer's jobs (a count off the thread, the ordering hint) that more than
 * one slice starts or stops. Built once per store.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ConfigOverrides, ExploreResult, Scenario, SimResult } from '../../core/types.js';
import { errorMessage } from '../../platform/error-message.js';
import { memoPerOverrides, overridesKey } from '../overrides-memo.js';
import type { EngineCalls, SimulatorOptions, SimulatorState } from '../simulator-state.js';

export type SimSet = StoreApi<SimulatorState>['setState'];
export type SimGet = StoreApi<SimulatorState>['getState'];

/** A slice of the simulator: a function of (set, get), as zustand's slices pattern has it. */
export type SimSlice<K extends keyof SimulatorState> = (set: SimSet, get: SimGet) => Pick<SimulatorState, K>;

export interface SimulatorContext {
  engine: EngineCalls;
  options: SimulatorOptions;
  /** Simulated runs and explorer counts per effective overrides (cleared when the scenario changes). */
  explorations: Map<string, ExploreResult>;
  memoRun: (scenario: Scenario, overrides: ConfigOverrides) => SimResult;
  /** The explorer's answer for these settings: from the cache, at once, or from a worker when ready. */
  startExplore: (scenario: Scenario, overrides: ConfigOverrides) => void;
  stopJob: () => void;
  /** Stops the count and the ordering hint under way. */
  stopAll: () => void;
  /** Sets (or, with null, stops) the ordering hint's counts under way. */
  replaceHint: (stop: (() => void) | null) => void;
  /** Forgets every memoised run and count (a new scenario). */
  forget: () => void;
}

export function simulatorContext(engine: EngineCalls, options: SimulatorOptions, set: SimSet): SimulatorContext {
  const runs = new Map<string, SimResult>();
  const explorations = new Map<string, ExploreResult>();
  const memoRun = memoPerOverrides(runs, engine.simulate);
  const exploreFor = memoPerOverrides(explorations, engine.explore);
  /** The count under way off the thread, if any, for the overrides it counts. */
  let job: { key: string; cancel: () => void } | null = null;
  /** The counts behind `changeOrderings`, if under way. */
  let stopHint: (() => void) | null = null;

  const stopJob = () => {
    job?.cancel();
    job = null;
  };
  const replaceHint = (stop: (() => void) | null) => {
    stopHint?.();
    stopHint = stop;
  };

  const startExplore = (scenario: Scenario, overrides: ConfigOverrides) => {
    const key = overridesKey(overrides);
    const known = explorations.get(key);
    if (known || !engine.exploreAsync) {
      stopJob();
      try {
        set({ explore: known ?? exploreFor(scenario, overrides), exploring: null });
      } catch (err) {
        // Past the explorer's state limit (or a bad override): the message instead of a count.
        set({ error: errorMessage(err), exploring: null, exploreOpen: false });
      }
      return;
    }
    if (job?.key === key) return;
    stopJob();
    const mine: { key: string; cancel: () => void } = { key, cancel: () => undefined };
    const started = engine.exploreAsync(scenario, overrides, ({ statesVisited }) => {
      if (job === mine) set({ exploring: { statesVisited } });
    });
    mine.cancel = started.cancel;
    job = mine;
    set({ explore: null, exploring: { statesVisited: 0 } });
    started.result.then(
      (result) => {
        explorations.set(key, result);
        if (job !== mine) return;
        job = null;
        set({ explore: result, exploring: null });
      },
      (err: unknown) => {
        if (job !== mine) return;
        job = null;
        set({ exploring: null, exploreOpen: false, error: errorMessage(err) });
      },
    );
  };

  return {
    engine,
    options,
    explorations,
    memoRun,
    startExplore,
    stopJob,
    stopAll: () => {
      stopJob();
      replaceHint(null);
    },
    replaceHint,
    forget: () => {
      runs.clear();
      explorations.clear();
    },
  };
}
