/**
 * One simulator store per screen mount, opened on the route's scenario, and
 * the playback clock. The clock is the only timer; it is cleared when play
 * stops and when the screen unmounts.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import {
  createSimulatorStore,
  type EngineCalls,
  SPEEDS,
  type SimulatorStore,
  TICKS_PER_SECOND_AT_1X,
} from '../../store/simulator-store.js';

export function useSimulatorStore(
  engine: EngineCalls,
  scenario: Scenario,
  overrides: ConfigOverrides,
  options: { reducedMotion: boolean; explore?: boolean },
): SimulatorStore {
  const [store] = useState(() => {
    const s = createSimulatorStore(engine, { reducedMotion: options.reducedMotion });
    s.getState().open(scenario, overrides);
    if (options.explore) s.getState().openExplore();
    return s;
  });
  // Leaving the screen ends what it started: a count in the explorer's worker.
  useEffect(() => () => store.getState().close(), [store]);
  const playing = useStore(store, (s) => s.playing);
  const speedIndex = useStore(store, (s) => s.speedIndex);
  useEffect(() => {
    if (!playing) return;
    const perSecond = TICKS_PER_SECOND_AT_1X * (SPEEDS[speedIndex] ?? 1);
    const timer = setInterval(() => store.getState().advance(), Math.max(34, 1000 / perSecond));
    return () => clearInterval(timer);
  }, [playing, speedIndex, store]);
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
