/**
 * A challenge being played in the app: the sandbox store (acting on the
 * run, undo, redo, replay) opened on the challenge's start, refusing step
 * kinds the challenge does not allow, and the verdict of the run as it is
 * now. The timed part of the goal is decided at once after every act; an
 * ordering goal goes to the explorer off the UI thread (explore-thread.ts)
 * and its verdict is shown when it arrives (a newer act cancels it). A
 * solve is reported once per fewer acts (`onSolved`: the progress store).
 * Vanilla zustand: no React, no I/O of its own.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { checkTimed, type RunCheck, type Verdict, verdict } from '../challenges/check-run.js';
import { effectiveConfig } from '../core/engine.js';
import type { ConfigOverrides, ExploreResult, Scenario, SimResult } from '../core/types.js';
import type { Challenge } from '../content/challenges/challenge-types.js';
import type { ExploreJob } from './explore-thread.js';
import { createSandboxStore, type SandboxStore } from './sandbox-store.js';

export interface ChallengeEngine {
  simulate: (scenario: Scenario, overrides: ConfigOverrides) => SimResult;
  exploreAsync: (scenario: Scenario, overrides: ConfigOverrides, onProgress: (p: { statesVisited: number }) => void) => ExploreJob;
}

export interface ChallengeSessionState {
  sandbox: SandboxStore;
  check: RunCheck | null;
  /** The verdict once decided; null while the explorer is still counting. */
  verdict: Verdict | null;
  exploring: boolean;
  /** Hints shown so far (h shows the next). */
  hintsShown: number;
  /** The reference solution below the timeline: hidden, in words, or in the scenario format (s cycles). */
  solutionView: 'hidden' | 'words' | 'scenario';
  /** Re-decides the verdict for the run as it is now (the screen calls it on every change). */
  recheck: () => void;
  nextHint: () => void;
  toggleSolution: () => void;
  /** Stops a count in progress (leaving the screen). */
  dispose: () => void;
}

export type ChallengeSession = StoreApi<ChallengeSessionState>;

/** The sandbox's run with its toggles written into the config: what a saved file holds and what is checked. */
const NEXT_SOLUTION_VIEW = { hidden: 'words', words: 'scenario', scenario: 'hidden' } as const;

function runOf(sandbox: SandboxStore): Scenario | null {
  const s = sandbox.getState();
  const scenario = s.scenario();
  return scenario ? { ...scenario, config: effectiveConfig(scenario, s.overrides) } : null;
}

export function createChallengeSession(challenge: Challenge, engine: ChallengeEngine, onSolved: (acts: number) => void): ChallengeSession {
  const allowed = new Set<string>(challenge.allow.steps);
  const sandbox = createSandboxStore({
    simulate: engine.simulate,
    refuse: (step) =>
      allowed.has(step.do) ? null : `this challenge does not allow a ${step.do} step (it allows ${challenge.allow.steps.join(', ') || 'no step'})`,
  });
  sandbox.getState().open(challenge.start);
  let job: ExploreJob | null = null;
  let bestReported = Number.POSITIVE_INFINITY;
  const report = (v: Verdict) => {
    if (v.solved && v.acts < bestReported) {
      bestReported = v.acts;
      onSolved(v.acts);
    }
  };

  return createStore<ChallengeSessionState>()((set, get) => ({
    sandbox,
    check: null,
    verdict: null,
    exploring: false,
    hintsShown: 0,
    solutionView: 'hidden',
    recheck: () => {
      job?.cancel();
      job = null;
      const run = runOf(sandbox);
      if (!run) return;
      const check = checkTimed(challenge, run);
      // Only a run whose timed part holds needs the orderings counted; otherwise the verdict is already "not yet".
      if (!check.needsExplorer || check.timedMisses.length > 0 || check.forbidden.length > 0) {
        const v = verdict(challenge, check);
        set({ check, verdict: v, exploring: false });
        report(v);
        return;
      }
      set({ check, verdict: null, exploring: true });
      const mine = engine.exploreAsync(run, {}, () => undefined);
      job = mine;
      mine.result.then(
        (result: ExploreResult) => {
          if (job !== mine) return;
          job = null;
          const v = verdict(challenge, check, result);
          set({ verdict: v, exploring: false });
          report(v);
        },
        (err: unknown) => {
          if (job !== mine) return;
          job = null;
          const message = err instanceof Error ? err.message : String(err);
          set({
            verdict: {
              solved: false,
              acts: check.diff.acts,
              par: challenge.par,
              misses: [{ field: 'explore', wanted: 'a count of orderings', actual: `the explorer stopped: ${message}` }],
            },
            exploring: false,
          });
        },
      );
    },
    nextHint: () => set({ hintsShown: Math.min(challenge.hints.length, get().hintsShown + 1) }),
    toggleSolution: () => set({ solutionView: NEXT_SOLUTION_VIEW[get().solutionView] }),
    dispose: () => {
      job?.cancel();
      job = null;
    },
  }));
}
