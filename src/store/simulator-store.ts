/**
 * The simulator screen's state: which scenario, which toggles, where the
 * cursor is, whether it plays, and what the engine said. Every result comes
 * from the engine (`simulate`, `explore`), memoised per effective config;
 * nothing here re-derives a run. Vanilla zustand: no React, no timers (the
 * screen owns the clock and calls `advance`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConfigOverrides, ExploreResult, Scenario, SimResult } from '../core/types.js';
import type { ExploreAsync } from './explore-thread.js';
import { type ChangedSetting, changeReason, sameOutcome } from '../core/change-reason.js';
import { narrateComparison } from '../core/narration.js';
import { HINT_MAX_WRITES, startOrderingHint } from './ordering-hint.js';
import { memoPerOverrides, overridesKey } from './overrides-memo.js';
import { NO_VALUE, predictionChoices, wrongMoment } from '../core/prediction.js';
import { errorMessage } from '../platform/error-message.js';
import { endTick, eventTicks } from './run-ticks.js';

export { endTick, eventTicks };

export interface EngineCalls {
  simulate: (scenario: Scenario, overrides: ConfigOverrides) => SimResult;
  explore: (scenario: Scenario, overrides: ConfigOverrides) => ExploreResult;
  /**
   * The explorer off this thread (the app's: a worker). When given, `e`
   * counts there and the store shows progress; without it, `explore` runs
   * here at once (tests, small embedded timelines).
   */
  exploreAsync?: ExploreAsync;
}

/** Playback speeds; 1x plays four ticks a second. */
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;
export const TICKS_PER_SECOND_AT_1X = 4;
export const MIN_TTL = 2;
export const MAX_TTL = 99;

export type Toggle = 'fencing' | 'minting' | 'check';

export interface Prediction {
  phase: 'asking' | 'answered';
  choices: string[];
  highlighted: number;
  chosen?: string;
  correct?: boolean;
  /** Wrong guess: the tick where the run departs from it (replayed up to there). */
  wrongAt?: number | undefined;
  /** Which event index that moment is. */
  wrongEvent?: number | undefined;
}

export interface SimulatorState {
  scenario: Scenario | null;
  overrides: ConfigOverrides;
  result: SimResult | null;
  /** The tick shown; events with t <= cursor have happened. */
  cursor: number;
  playing: boolean;
  /** Index into SPEEDS. */
  speedIndex: number;
  /** Playing stops here (a prediction replay); null: at the end. */
  stopAt: number | null;
  /** What the last toggle changed, and why, in words (from the engine's two runs). */
  change: string | null;
  /** When the timed run stayed the same: how other orderings differ, once counted off the thread. */
  changeOrderings: string | null;
  prediction: Prediction | null;
  explore: ExploreResult | null;
  exploreOpen: boolean;
  /** A count under way off the UI thread: how far it has got. Null when none runs. */
  exploring: { statesVisited: number } | null;
  /** When set, the explorer's counterexample is being stepped through (index of the op shown). */
  counterexampleStep: number | null;
  /** Engine errors (a bad override) in words; the screen shows it. */
  error: string | null;

  open: (scenario: Scenario, overrides?: ConfigOverrides) => void;
  close: () => void;
  togglePlay: () => void;
  /** One tick forward while playing; stops at the end (or stopAt). */
  advance: () => void;
  stepForward: () => void;
  stepBack: () => void;
  restart: () => void;
  faster: () => void;
  slower: () => void;
  toggle: (which: Toggle) => void;
  /** An act on the run (the sandbox): these steps and settings, replayed from the start and narrated. */
  replaceRun: (scenario: Scenario, overrides: ConfigOverrides, what: string) => void;
  changeTtl: (delta: number) => void;
  askPrediction: () => void;
  movePrediction: (delta: number) => void;
  answerPrediction: (choiceIndex?: number) => void;
  cancelPrediction: () => void;
  openExplore: () => void;
  closeExplore: () => void;
  replayCounterexample: () => void;
  stepCounterexample: (delta: number) => void;
  stopCounterexample: () => void;
}

export type SimulatorStore = StoreApi<SimulatorState>;

export interface SimulatorOptions {
  /** Step instead of animating: changes land on the whole run, paused. */
  reducedMotion?: boolean;
}

/** What a freshly opened scenario starts from: not playing, nothing asked, explored or failed. */
const FRESH_RUN = {
  playing: false,
  stopAt: null,
  change: null,
  changeOrderings: null,
  prediction: null,
  explore: null,
  exploreOpen: false,
  exploring: null,
  counterexampleStep: null,
  error: null,
} satisfies Partial<SimulatorState>;

export function createSimulatorStore(engine: EngineCalls, options: SimulatorOptions = {}): SimulatorStore {
  const runs = new Map<string, SimResult>();
  const explorations = new Map<string, ExploreResult>();

  return createStore<SimulatorState>()((set, get) => {
    const memoRun = memoPerOverrides(runs, engine.simulate);
    /** The count under way off the thread, if any, for the overrides it counts. */
    let job: { key: string; cancel: () => void } | null = null;
    /** The counts behind `changeOrderings`, if under way. */
    let stopHint: (() => void) | null = null;
    const stopJob = () => {
      job?.cancel();
      job = null;
    };
    const stopAll = () => {
      stopJob();
      stopHint?.();
      stopHint = null;
    };

    /** The explorer's answer for these settings: from the cache, at once, or from a worker when ready. */
    const startExplore = (scenario: Scenario, overrides: ConfigOverrides) => {
      const key = overridesKey(overrides);
      const known = explorations.get(key);
      if (known || !engine.exploreAsync) {
        stopJob();
        try {
          set({ explore: known ?? exploreFor(scenario, overrides), exploring: null });
        } catch (err) {
          // Past the explorer's state limit (or a bad override): the message instead of a count.
          set({ error: errorMessage(err), exploring: null, exploreOpen: false });
        }
        return;
      }
      if (job?.key === key) return;
      stopJob();
      const mine: { key: string; cancel: () => void } = { key, cancel: () => undefined };
      const started = engine.exploreAsync(scenario, overrides, ({ statesVisited }) => {
        if (job === mine) set({ exploring: { statesVisited } });
      });
      mine.cancel = started.cancel;
      job = mine;
      set({ explore: null, exploring: { statesVisited: 0 } });
      started.result.then(
        (result) => {
          explorations.set(key, result);
          if (job !== mine) return;
          job = null;
          set({ explore: result, exploring: null });
        },
        (err: Error) => {
          if (job !== mine) return;
          job = null;
          set({ exploring: null, exploreOpen: false, error: err.message });
        },
      );
    };

    /**
     * A change of settings: run again, say what changed, replay from the start.
     * A setting changed while paused stays paused where it was (a reviewer found f
     * at t=0 starting playback): the learner compares the two runs at that moment.
     */
    const rerun = (overrides: ConfigOverrides, what: string, setting: ChangedSetting | null) => {
      const { scenario, result: before, overrides: previous, playing: wasPlaying, cursor: wasAt } = get();
      if (!scenario) return;
      let after: SimResult;
      try {
        after = memoRun(scenario, overrides);
      } catch (err) {
        set({ error: errorMessage(err) });
        return;
      }
      const change = before ? narrateComparison(before, after, what, setting && changeReason(before, after, setting)) : null;
      set({
        changeOrderings: null,
        overrides,
        result: after,
        change,
        error: null,
        ...(options.reducedMotion
          ? { cursor: endTick(after), playing: false }
          : setting !== null && !wasPlaying
            ? { cursor: Math.min(wasAt, endTick(after)), playing: false }
            : { cursor: 0, playing: true }),
        stopAt: null,
        prediction: null,
        explore: null,
        counterexampleStep: null,
      });
      if (get().exploreOpen) startExplore(scenario, overrides);
      else stopJob();
      stopHint?.();
      stopHint = null;
      const small = setting && before && Math.max(before.writes.length, after.writes.length) <= HINT_MAX_WRITES;
      if (before && small && sameOutcome(before, after) && engine.exploreAsync) {
        stopHint = startOrderingHint({
          exploreAsync: engine.exploreAsync,
          scenario,
          before: previous,
          after: overrides,
          known: (o) => explorations.get(overridesKey(o)),
          remember: (o, result) => explorations.set(overridesKey(o), result),
          onHint: (hint) => {
            if (get().overrides === overrides) set({ changeOrderings: hint });
          },
        });
      }
    };

    const exploreFor = memoPerOverrides(explorations, engine.explore);

    const stepTo = (cursor: number) => set({ cursor, playing: false, stopAt: null });

    return {
      scenario: null,
      overrides: {},
      result: null,
      cursor: 0,
      speedIndex: 1,
      ...FRESH_RUN,

      open: (scenario, overrides = {}) => {
        stopAll();
        runs.clear();
        explorations.clear();
        const result = memoRun(scenario, overrides);
        // t=0 with or without reduced motion: the learner steps through the
        // run (space, one event at a time) rather than landing on its end.
        set({ scenario, overrides, result, cursor: 0, ...FRESH_RUN });
      },
      close: () => {
        stopAll();
        set({ scenario: null, result: null, playing: false, explore: null, exploreOpen: false, exploring: null });
      },

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

      toggle: (which) => {
        const { result, overrides } = get();
        if (!result) return;
        const config = result.config;
        const next: ConfigOverrides = { ...overrides };
        if (which === 'fencing') next.fencing = !config.fencing;
        if (which === 'minting') next.minting = config.minting === 'durable' ? 'volatile' : 'durable';
        if (which === 'check') next.check = config.check === 'atomic' ? 'split' : 'atomic';
        const label = which === 'fencing' ? `fencing ${next.fencing ? 'on' : 'off'}` : which === 'minting' ? `minting ${next.minting}` : `check ${next.check}`;
        rerun(next, label, which);
      },
      replaceRun: (scenario, overrides, what) => {
        stopAll();
        runs.clear();
        explorations.clear();
        set({ scenario });
        rerun(overrides, what, null);
      },
      changeTtl: (delta) => {
        const { result, overrides } = get();
        if (!result) return;
        const ttl = Math.min(MAX_TTL, Math.max(MIN_TTL, result.config.ttl + delta));
        if (ttl === result.config.ttl) return;
        rerun({ ...overrides, ttl }, `lease ${ttl} ticks`, 'ttl');
      },

      askPrediction: () => {
        const { result, scenario } = get();
        if (!result || !scenario) return;
        set({
          prediction: { phase: 'asking', choices: predictionChoices(scenario), highlighted: 0 },
          playing: false,
          cursor: 0,
          stopAt: null,
        });
      },
      movePrediction: (delta) => {
        const { prediction } = get();
        if (prediction?.phase !== 'asking') return;
        const n = prediction.choices.length;
        set({ prediction: { ...prediction, highlighted: (prediction.highlighted + delta + n) % n } });
      },
      answerPrediction: (choiceIndex) => {
        const { prediction, result } = get();
        if (prediction?.phase !== 'asking' || !result) return;
        const index = choiceIndex ?? prediction.highlighted;
        const chosen = prediction.choices[index];
        if (chosen === undefined) return;
        const correct = chosen === (result.final.value ?? NO_VALUE);
        if (correct) {
          set({
            prediction: { ...prediction, phase: 'answered', chosen, correct, highlighted: index },
            cursor: options.reducedMotion ? endTick(result) : 0,
            playing: !options.reducedMotion,
            stopAt: null,
          });
          return;
        }
        const moment = wrongMoment(result, chosen);
        set({
          prediction: {
            ...prediction,
            phase: 'answered',
            chosen,
            correct,
            highlighted: index,
            wrongAt: moment?.t,
            wrongEvent: moment?.index,
          },
          // Replay up to the moment the guess goes wrong, and stop there.
          cursor: options.reducedMotion ? (moment?.t ?? 0) : 0,
          playing: !options.reducedMotion && (moment?.t ?? 0) > 0,
          stopAt: moment?.t ?? null,
        });
      },

      cancelPrediction: () => set({ prediction: null, stopAt: null }),

      openExplore: () => {
        const { scenario, overrides } = get();
        if (!scenario) return;
        set({ exploreOpen: true, playing: false, counterexampleStep: null });
        startExplore(scenario, overrides);
        // A failed count (a bad override) leaves the panel closed, with the error shown.
        if (get().exploring === null && get().explore === null) set({ exploreOpen: false });
      },
      /** Closes the panel; a count still under way is stopped (its worker ended). */
      closeExplore: () => {
        stopJob();
        set({ exploreOpen: false, exploring: null, counterexampleStep: null });
      },
      replayCounterexample: () => {
        const { explore } = get();
        if (!explore?.counterexample) return;
        set({ counterexampleStep: options.reducedMotion ? explore.counterexample.length - 1 : 0 });
      },
      stepCounterexample: (delta) => {
        const { explore, counterexampleStep } = get();
        if (!explore?.counterexample || counterexampleStep === null) return;
        const last = explore.counterexample.length - 1;
        set({ counterexampleStep: Math.max(0, Math.min(last, counterexampleStep + delta)) });
      },
      stopCounterexample: () => set({ counterexampleStep: null }),
    };
  });
}
