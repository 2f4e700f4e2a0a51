/**
 * Keys typed before a screen can take them are kept and given to it once it
 * is ready, one at a time with a frame between them: the menus built on
 * ink-select-input take one key per render, so a burst would move them only
 * once (docs/troubleshooting.md). Kept are:
 *   - the keys typed while the app loaded (`earlyKeys`, from the CLI's hold,
 *     platform/early-keys.ts), and whatever arrives as the first frame mounts;
 *   - the keys typed while a screen says "Loading..." (its code is still
 *     being imported);
 *   - any key typed while kept ones wait (or the last one's effects are still
 *     to run), so the order is the typed one and each key sees the state
 *     the one before it left.
 * Kept keys are split into single key presses first (ui/split-keys.ts):
 * keys read together reach Ink as one input ("jjj"), which no binding matches.
 *
 * The gate sits on Ink's own input emitter, so a kept key reaches no input
 * hook (the app's q and ? included) until it is replayed, and every hook then
 * sees it exactly as typed. Ctrl-C is never kept: it quits at once, even
 * when it came in one read with other keys, and the keys still kept are dropped.
 */
import { useStdin } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CTRL_C } from '../platform/early-keys.js';
import { splitKeys } from './split-keys.js';

/** Between two replayed keys: long enough for a render (design.md, trap 3). */
const REPLAY_GAP_MS = 40;

export interface KeysWhileLoading {
  /** The fallback calls these as it shows and goes. */
  started: () => void;
  finished: () => void;
  /** Set by <SettleBeforeReplay>: calls back once the last replayed key's effects have run. */
  settle: { current: (then: () => void) => void };
}

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/**
 * `earlyKeys` (the CLI's; undefined in tests that render the app directly)
 * also holds every key until a frame after the first one has mounted.
 */
export function useKeysWhileLoading(earlyKeys?: string): KeysWhileLoading {
  const { internal_eventEmitter: emitter } = useStdin();
  const loadingCount = useRef(0);
  const queue = useRef<string[] | null>(null);
  queue.current ??= splitKeys(earlyKeys ?? '').filter((key) => key !== CTRL_C);
  const settling = useRef(earlyKeys !== undefined);
  /** A replayed key whose effects have not run yet: the next one waits. */
  const awaitingSettle = useRef(false);
  const timer = useRef<NodeJS.Timeout | null>(null);
  const replay = useRef<() => void>(() => undefined);
  const settle = useRef<(then: () => void) => void>((then) => then());

  useEffect(() => {
    const kept = queue.current!;
    const original = emitter.emit.bind(emitter) as Emit;
    const schedule = () => {
      const waiting = settling.current || kept.length > 0;
      if (timer.current === null && !awaitingSettle.current && loadingCount.current === 0 && waiting) {
        timer.current = setTimeout(replayNext, REPLAY_GAP_MS);
      }
    };
    const replayNext = () => {
      timer.current = null;
      settling.current = false;
      if (loadingCount.current > 0) return; // a screen is loading: its fallback's finished() goes on
      const key = kept.shift();
      if (key === undefined) return;
      original('input', key);
      awaitingSettle.current = true;
      settle.current(() => {
        awaitingSettle.current = false;
        schedule();
      });
    };
    replay.current = schedule;
    const gate: Emit = (event, ...args) => {
      const data = args[0];
      if (event !== 'input' || typeof data !== 'string') return original(event, ...args);
      const holding = settling.current || loadingCount.current > 0 || kept.length > 0 || awaitingSettle.current;
      if (!holding && !data.includes(CTRL_C)) return original(event, ...args);
      const keys = splitKeys(data);
      if (keys.includes(CTRL_C)) {
        // At once, even from the middle of a read; what was typed around it is dropped, not acted on after it.
        kept.length = 0;
        return original('input', CTRL_C);
      }
      if (holding) kept.push(...keys);
      else for (const key of keys) original('input', key);
      schedule();
      return true;
    };
    emitter.emit = gate as typeof emitter.emit;
    // After the first commit's effects (the screen's input hooks are listening).
    schedule();
    return () => {
      emitter.emit = original as typeof emitter.emit;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [emitter]);

  return useMemo(
    () => ({
      settle,
      started: () => {
        loadingCount.current += 1;
      },
      finished: () => {
        loadingCount.current = Math.max(0, loadingCount.current - 1);
        // After the screen's own effects have run (its input hooks are listening).
        replay.current();
      },
    }),
    [],
  );
}

/**
 * Renders nothing. After each replayed key it updates itself, and calls back
 * from its effect: React runs the effects a key left pending (how a screen's
 * input hook takes its new state: ink-select-input re-subscribes with its new
 * selection) no later than that one. A gap alone is not enough: on a busy
 * machine, as a screen that has just loaded settles, React ran them only
 * after the next key's timer, so the menu saw that key with its old
 * selection and one of two `j`s typed before the Lessons screen showed was lost.
 */
export function SettleBeforeReplay({ keys }: { keys: KeysWhileLoading }): null {
  const [tick, setTick] = useState(0);
  const then = useRef<(() => void) | null>(null);
  useEffect(() => {
    keys.settle.current = (callback) => {
      then.current = callback;
      setTick((n) => n + 1);
    };
    return () => {
      keys.settle.current = (callback) => callback();
    };
  }, [keys]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per tick, after the commit the tick caused
  useEffect(() => {
    const callback = then.current;
    then.current = null;
    callback?.();
  }, [tick]);
  return null;
}
