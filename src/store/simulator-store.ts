/**
 * The simulator screen's state: which scenario, which toggles, where the
 * cursor is, whether it plays, and what the engine said. Every result comes
 * from the engine (`simulate`, `explore`), memoised per effective config;
 * nothing here re-derives a run. Vanilla zustand: no React, no timers (the
 * screen owns the clock and calls `advance`). The store is zustand's slices
 * pattern: the run on show (simulator/run-slice.ts), playback, prediction
 * and the explorer's panel, over one shared context (simulator/simulator-context.ts).
 */
import { createStore } from 'zustand/vanilla';
import { endTick } from './run-ticks.js';
import type { EngineCalls, SimulatorOptions, SimulatorState, SimulatorStore } from './simulator-state.js';
import { exploreSlice } from './simulator/explore-slice.js';
import { playbackSlice } from './simulator/playback-slice.js';
import { predictionSlice } from './simulator/prediction-slice.js';
import { FRESH_RUN, runSlice } from './simulator/run-slice.js';
import { simulatorContext } from './simulator/simulator-context.js';

export { endTick };
export {
  type EngineCalls,
  type Prediction,
  type SimulatorOptions,
  type SimulatorState,
  type SimulatorStore,
  SPEEDS,
  TICKS_PER_SECOND_AT_1X,
  type Toggle,
} from './simulator-state.js';

export function createSimulatorStore(engine: EngineCalls, options: SimulatorOptions = {}): SimulatorStore {
  return createStore<SimulatorState>()((set, get) => {
    const ctx = simulatorContext(engine, options, set);
    return {
      scenario: null,
      overrides: {},
      result: null,
      cursor: 0,
      speedIndex: 1,
      ...FRESH_RUN,
      ...runSlice(ctx)(set, get),
      ...playbackSlice(ctx)(set, get),
      ...predictionSlice(ctx)(set, get),
      ...exploreSlice(ctx)(set, get),
    };
  });
}
