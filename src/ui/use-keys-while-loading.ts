/**
 * Keys typed while a screen says "Loading..." (its code is still being
 * imported) are kept and given to it once it is ready, one at a time with a
 * frame between them: the menus built on ink-select-input take one key per
 * render, so a burst would move them only once (README, Troubleshooting).
 * Ctrl-C is never kept: it quits at once.
 *
 * The keys are replayed through Ink's own input emitter, so every input
 * hook sees them exactly as typed, in order.
 */
import { useStdin } from 'ink';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Between two replayed keys: long enough for a render (design.md, trap 3). */
const REPLAY_GAP_MS = 40;
const CTRL_C = '\u0003';

export interface KeysWhileLoading {
  /** True while a screen loads: the app's own keys (q, ?) are kept too, not acted on. */
  loading: () => boolean;
  /** The fallback calls these as it shows and goes. */
  started: () => void;
  finished: () => void;
}

export function useKeysWhileLoading(): KeysWhileLoading {
  const { internal_eventEmitter: emitter } = useStdin();
  const loadingCount = useRef(0);
  const queue = useRef<string[]>([]);
  const timer = useRef<NodeJS.Timeout | null>(null);

  useEffect(() => {
    const keep = (data: string) => {
      if (loadingCount.current > 0 && data !== CTRL_C) queue.current.push(data);
    };
    emitter.on('input', keep);
    return () => {
      emitter.off('input', keep);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [emitter]);

  const replayNext = useCallback(() => {
    timer.current = null;
    if (loadingCount.current > 0) return; // another screen is loading: wait for it
    const key = queue.current.shift();
    if (key === undefined) return;
    emitter.emit('input', key);
    if (queue.current.length > 0) timer.current = setTimeout(replayNext, REPLAY_GAP_MS);
  }, [emitter]);

  return useMemo(
    () => ({
      loading: () => loadingCount.current > 0,
      started: () => {
        loadingCount.current += 1;
      },
      finished: () => {
        loadingCount.current = Math.max(0, loadingCount.current - 1);
        // After the screen's own effects have run (its input hooks are listening).
        if (loadingCount.current === 0 && queue.current.length > 0 && !timer.current) {
          timer.current = setTimeout(replayNext, REPLAY_GAP_MS);
        }
      },
    }),
    [replayNext],
  );
}
