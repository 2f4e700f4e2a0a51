/**
 * The shape of the simulator screen's state (src/store/simulator-store.ts
 * holds the store that changes it): every field and action a view reads,
 * the engine calls it is given, and its fixed limits. Kept apart so the
 * store's files are its behaviour only.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ConfigOverrides, ExploreResult, Scenario, SimResult } from '../core/types.js';
import type { ExploreAsync } from './explore-thread.js';

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
