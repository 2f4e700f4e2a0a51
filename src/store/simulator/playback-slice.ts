/** Moving through a run: play and pause, one tick, one event either way, back to t=0, the speed. */
import { endTick, eventTicks } from '../run-ticks.js';
import { SPEEDS } from '../simulator-state.js';
import type { SimSlice, SimulatorContext } from './simulator-context.js';

type PlaybackKeys = 'togglePlay' | 'advance' | 'stepForward' | 'stepBack' | 'restart' | 'faster' | 'slower';

export const playbackSlice =
  ({ options }: SimulatorContext): SimSlice<PlaybackKeys> =>
  (set, get) => {
    const stepTo = (cursor: number) => set({ cursor, playing: false, stopAt: null });
    return {
      togglePlay: () => {
        const { playing, cursor, result } = get();
        if (playing) {
          set({ playing: false });
          return;
        }
        if (options.reducedMotion) {
          get().stepForward();
          return;
        }
        // Play from the start again once at the end, as a media player does.
        set({ playing: true, cursor: cursor >= endTick(result) ? 0 : cursor });
      },
      advance: () => {
        const { cursor, result, stopAt, playing } = get();
        if (!playing) return;
        const last = stopAt ?? endTick(result);
        const next = Math.min(cursor + 1, last);
        set({ cursor: next, playing: next < last, stopAt: next < last ? stopAt : null });
      },
      stepForward: () => {
        const { cursor, result } = get();
        const next = eventTicks(result).find((t) => t > cursor);
        stepTo(next ?? endTick(result));
      },
      stepBack: () => {
        const { cursor, result } = get();
        const previous = eventTicks(result)
          .filter((t) => t < cursor)
          .at(-1);
        stepTo(previous ?? 0);
      },
      restart: () => set({ cursor: 0, playing: false, stopAt: null }),
      faster: () => set({ speedIndex: Math.min(SPEEDS.length - 1, get().speedIndex + 1) }),
      slower: () => set({ speedIndex: Math.max(0, get().speedIndex - 1) }),
    };
  };
