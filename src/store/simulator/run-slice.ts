/**
 * Which run is on show: opening a scenario, changing a setting or the lease
 * (run again through the engine, the change said in words, replayed), an
 * act of the sandbox, and closing.
 */
import { type ChangedSetting, changeReason, sameOutcome } from '../../core/change-reason.js';
import { narrateComparison } from '../../core/narration.js';
import type { ConfigOverrides, SimResult } from '../../core/types.js';
import { errorMessage } from '../../platform/error-message.js';
import { HINT_MAX_WRITES, startOrderingHint } from '../ordering-hint.js';
import { overridesKey } from '../overrides-memo.js';
import { endTick } from '../run-ticks.js';
import { MAX_TTL, MIN_TTL, type SimulatorState } from '../simulator-state.js';
import type { SimSlice, SimulatorContext } from './simulator-context.js';

/** What a freshly opened scenario starts from: not playing, nothing asked, explored or failed. */
export const FRESH_RUN = {
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

type RunKeys = 'open' | 'close' | 'toggle' | 'replaceRun' | 'changeTtl';

export const runSlice =
  (ctx: SimulatorContext): SimSlice<RunKeys> =>
  (set, get) => {
    const { engine, options, explorations, memoRun } = ctx;

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
      if (get().exploreOpen) ctx.startExplore(scenario, overrides);
      else ctx.stopJob();
      ctx.replaceHint(null);
      const small = setting && before && Math.max(before.writes.length, after.writes.length) <= HINT_MAX_WRITES;
      if (before && small && sameOutcome(before, after) && engine.exploreAsync) {
        ctx.replaceHint(
          startOrderingHint({
            exploreAsync: engine.exploreAsync,
            scenario,
            before: previous,
            after: overrides,
            known: (o) => explorations.get(overridesKey(o)),
            remember: (o, result) => explorations.set(overridesKey(o), result),
            onHint: (hint) => {
              if (get().overrides === overrides) set({ changeOrderings: hint });
            },
          }),
        );
      }
    };

    return {
      open: (scenario, overrides = {}) => {
        ctx.stopAll();
        ctx.forget();
        const result = memoRun(scenario, overrides);
        // t=0 with or without reduced motion: the learner steps through the
        // run (space, one event at a time) rather than landing on its end.
        set({ scenario, overrides, result, cursor: 0, ...FRESH_RUN });
      },
      close: () => {
        ctx.stopAll();
        set({ scenario: null, result: null, playing: false, explore: null, exploreOpen: false, exploring: null });
      },
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
        ctx.stopAll();
        ctx.forget();
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
    };
  };
