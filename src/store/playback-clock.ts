/**
 * The playback clock of a timeline: the simulator screen's and each timeline
 * embedded in a lesson. While the store says `playing`, it calls `advance`
 * once a tick at the store's speed; when play stops or the speed changes it
 * clears or re-arms its one timer. The scheduler is injectable so a test can
 * drive playback without waiting in real time (test/store/playback-clock.test.ts);
 * the default one looks the global timers up at each call, so vitest's fake
 * timers drive the screens too (vi.useFakeTimers, then vi.advanceTimersByTime).
 */
import { SPEEDS, type SimulatorStore, TICKS_PER_SECOND_AT_1X } from './simulator-store.js';

/** Starts a repeating timer; returns what stops it. */
export interface Scheduler {
  every: (ms: number, tick: () => void) => () => void;
}

export const realScheduler: Scheduler = {
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/** Milliseconds between ticks at SPEEDS[speedIndex]; never under 34 ms (about 30 frames a second). */
export function tickIntervalMs(speedIndex: number): number {
  const perSecond = TICKS_PER_SECOND_AT_1X * (SPEEDS[speedIndex] ?? 1);
  return Math.max(34, 1000 / perSecond);
}

/** Runs the store's playback until the returned function is called (a screen's unmount). */
export function startPlaybackClock(store: SimulatorStore, scheduler: Scheduler = realScheduler): () => void {
  let stop: (() => void) | null = null;
  let armedSpeed = -1;
  const sync = () => {
    const { playing, speedIndex } = store.getState();
    if (stop && (!playing || armedSpeed !== speedIndex)) {
      stop();
      stop = null;
    }
    if (playing && !stop) {
      armedSpeed = speedIndex;
      stop = scheduler.every(tickIntervalMs(speedIndex), () => store.getState().advance());
    }
  };
  const unsubscribe = store.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    stop?.();
    stop = null;
  };
}
