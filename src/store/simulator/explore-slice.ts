/** The explorer's panel: opening it (a count here or off the thread), closing it, and stepping through its counterexample. */
import type { SimSlice, SimulatorContext } from './simulator-context.js';

type ExploreKeys = 'openExplore' | 'closeExplore' | 'replayCounterexample' | 'stepCounterexample' | 'stopCounterexample';

export const exploreSlice =
  (ctx: SimulatorContext): SimSlice<ExploreKeys> =>
  (set, get) => ({
    openExplore: () => {
      const { scenario, overrides } = get();
      if (!scenario) return;
      set({ exploreOpen: true, playing: false, counterexampleStep: null });
      ctx.startExplore(scenario, overrides);
      // A failed count (a bad override) leaves the panel closed, with the error shown.
      if (get().exploring === null && get().explore === null) set({ exploreOpen: false });
    },
    /** Closes the panel; a count still under way is stopped (its worker ended). */
    closeExplore: () => {
      ctx.stopJob();
      set({ exploreOpen: false, exploring: null, counterexampleStep: null });
    },
    replayCounterexample: () => {
      const { explore } = get();
      if (!explore?.counterexample) return;
      set({ counterexampleStep: ctx.options.reducedMotion ? explore.counterexample.length - 1 : 0 });
    },
    stepCounterexample: (delta) => {
      const { explore, counterexampleStep } = get();
      if (!explore?.counterexample || counterexampleStep === null) return;
      const last = explore.counterexample.length - 1;
      set({ counterexampleStep: Math.max(0, Math.min(last, counterexampleStep + delta)) });
    },
    stopCounterexample: () => set({ counterexampleStep: null }),
  });
