/**
 * The one playback clock (src/store/playback-clock.ts) with a scheduler the
 * test drives by hand: no timer, no waiting in real time.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { type Scheduler, startPlaybackClock, tickIntervalMs } from '../../src/store/playback-clock.js';
import { ENGINE } from '../../src/store/engine-calls.js';
import { createSimulatorStore, endTick } from '../../src/store/simulator-store.js';

const lateWrite = () => loadScenarioFile(join(import.meta.dirname, '../../scenarios/late-write.yaml'), false);

/** A scheduler that records its timers; `tick()` fires every running one once. */
function manualScheduler() {
  const running = new Map<number, { ms: number; tick: () => void }>();
  let next = 0;
  const scheduler: Scheduler = {
    every: (ms, tick) => {
      const id = next++;
      running.set(id, { ms, tick });
      return () => running.delete(id);
    },
  };
  return {
    scheduler,
    intervals: () => [...running.values()].map((t) => t.ms),
    tick: () => {
      for (const t of [...running.values()]) t.tick();
    },
  };
}

function opened() {
  const store = createSimulatorStore(ENGINE);
  store.getState().open(lateWrite());
  return store;
}

describe('playback clock', () => {
  it('runs one timer while playing, at the speed shown, and none when paused', () => {
    const store = opened();
    const clock = manualScheduler();
    const stop = startPlaybackClock(store, clock.scheduler);
    expect(clock.intervals()).toEqual([]);
    store.getState().togglePlay();
    expect(clock.intervals()).toEqual([tickIntervalMs(1)]); // 1x: 4 ticks a second
    expect(tickIntervalMs(1)).toBe(250);
    clock.tick();
    clock.tick();
    expect(store.getState().cursor).toBe(2);
    store.getState().faster();
    expect(clock.intervals()).toEqual([125]); // re-armed, still one timer
    store.getState().togglePlay();
    expect(clock.intervals()).toEqual([]);
    clock.tick();
    expect(store.getState().cursor).toBe(2);
    stop();
  });

  it('stops by itself at the end of the run, and for good when stopped', () => {
    const store = opened();
    const clock = manualScheduler();
    const stop = startPlaybackClock(store, clock.scheduler);
    store.getState().togglePlay();
    const last = endTick(store.getState().result!);
    for (let i = 0; i < last + 3; i++) clock.tick();
    expect(store.getState().cursor).toBe(last);
    expect(store.getState().playing).toBe(false);
    expect(clock.intervals()).toEqual([]);
    stop();
    store.getState().togglePlay(); // from the end: plays again from 0, but nothing drives it now
    expect(store.getState().playing).toBe(true);
    expect(clock.intervals()).toEqual([]);
  });

  it('the fastest speed is capped at about 30 frames a second', () => {
    expect(tickIntervalMs(4)).toBe(34); // 8x would be 31.25 ms
    expect(tickIntervalMs(0)).toBe(500);
  });
});
