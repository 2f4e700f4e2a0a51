/**
 * One simulator store per embedded timeline of a lesson (the simulator
 * screen's own store, opened on the block's scenario and toggles), their
 * playback clocks, and a re-render whenever one of them changes. Timers are
 * cleared when a timeline stops and when the lesson closes.
 */
import { useEffect, useReducer, useState } from 'react';
import type { ScenarioBlock } from '../../content/lesson/lesson-types.js';
import type { Scenario } from '../../core/types.js';
import { ENGINE } from '../../store/engine-calls.js';
import { createSimulatorStore, SPEEDS, type SimulatorStore, TICKS_PER_SECOND_AT_1X } from '../../store/simulator-store.js';

export interface EmbeddedTimeline {
  scenario: Scenario;
  store: SimulatorStore;
}

export function useEmbeddedTimelines(
  blocks: ReadonlyMap<number, ScenarioBlock>,
  find: (id: string) => Scenario | undefined,
  reducedMotion: boolean,
): ReadonlyMap<number, EmbeddedTimeline> {
  const [timelines] = useState(() => {
    const map = new Map<number, EmbeddedTimeline>();
    for (const [part, block] of blocks) {
      const scenario = find(block.scenarioId);
      if (!scenario) continue;
      const store = createSimulatorStore(ENGINE, { reducedMotion });
      try {
        store.getState().open(scenario, block.overrides);
      } catch (err) {
        store.setState({ error: (err as Error).message });
      }
      map.set(part, { scenario, store });
    }
    return map;
  });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timers = new Map<SimulatorStore, { timer: ReturnType<typeof setInterval>; speed: number }>();
    const sync = (store: SimulatorStore) => {
      const { playing, speedIndex } = store.getState();
      const running = timers.get(store);
      if (running && (!playing || running.speed !== speedIndex)) {
        clearInterval(running.timer);
        timers.delete(store);
      }
      if (playing && !timers.has(store)) {
        const perSecond = TICKS_PER_SECOND_AT_1X * (SPEEDS[speedIndex] ?? 1);
        const timer = setInterval(() => store.getState().advance(), Math.max(34, 1000 / perSecond));
        timers.set(store, { timer, speed: speedIndex });
      }
    };
    const unsubscribe = [...timelines.values()].map(({ store }) =>
      store.subscribe(() => {
        sync(store);
        rerender();
      }),
    );
    return () => {
      for (const u of unsubscribe) u();
      for (const { timer } of timers.values()) clearInterval(timer);
    };
  }, [timelines]);
  return timelines;
}
