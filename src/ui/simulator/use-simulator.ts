/**
 * One simulator store per screen mount, opened on the route's scenario, and
 * its playback clock (src/store/playback-clock.ts), stopped when the screen
 * unmounts.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import { startPlaybackClock } from '../../store/playback-clock.js';
import { createSimulatorStore, type EngineCalls, type SimulatorStore } from '../../store/simulator-store.js';

export function useSimulatorStore(
  engine: EngineCalls,
  scenario: Scenario,
  overrides: ConfigOverrides,
  options: { reducedMotion: boolean; explore?: boolean | undefined },
): SimulatorStore {
  const [store] = useState(() => {
    const s = createSimulatorStore(engine, { reducedMotion: options.reducedMotion });
    s.getState().open(scenario, overrides);
    if (options.explore) s.getState().openExplore();
    return s;
  });
  // Leaving the screen ends what it started: a count in the explorer's worker.
  useEffect(() => () => store.getState().close(), [store]);
  useEffect(() => startPlaybackClock(store), [store]);
  // Enter in the explorer replays its counterexample one operation at a time.
  const ceStep = useStore(store, (s) => s.counterexampleStep);
  const ceLength = useStore(store, (s) => s.explore?.counterexample?.length ?? 0);
  useEffect(() => {
    if (ceStep === null || ceStep >= ceLength - 1 || options.reducedMotion) return;
    const timer = setTimeout(() => store.getState().stepCounterexample(1), COUNTEREXAMPLE_STEP_MS);
    return () => clearTimeout(timer);
  }, [ceStep, ceLength, store, options.reducedMotion]);
  return store;
}

const COUNTEREXAMPLE_STEP_MS = 700;
