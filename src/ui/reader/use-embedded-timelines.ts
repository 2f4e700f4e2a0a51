/**
 * One simulator store per embedded timeline of a lesson (the simulator
 * screen's own store, opened on the block's scenario and toggles), their
 * playback clocks (src/store/playback-clock.ts), and a re-render whenever one
 * of them changes. The clocks stop when the lesson closes.
 */
import { useEffect, useReducer, useState } from 'react';
import type { ScenarioBlock } from '../../content/lesson/lesson-types.js';
import type { Scenario } from '../../core/types.js';
import { ENGINE } from '../../store/engine-calls.js';
import { startPlaybackClock } from '../../store/playback-clock.js';
import { createSimulatorStore, type SimulatorStore } from '../../store/simulator-store.js';
import { errorMessage } from '../../platform/error-message.js';

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
        store.setState({ error: errorMessage(err) });
      }
      map.set(part, { scenario, store });
    }
    return map;
  });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = [...timelines.values()].flatMap(({ store }) => [startPlaybackClock(store), store.subscribe(rerender)]);
    return () => {
      for (const stop of stops) stop();
    };
  }, [timelines]);
  return timelines;
}
