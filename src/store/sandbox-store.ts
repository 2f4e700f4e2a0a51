/**
 * Acting on a run (issue 20): the run's steps and toggles as an edit of its
 * starting scenario, the acts that change them (add, delete, move, change a
 * delay, toggles and TTL), undo and redo, and the replay of every edit from
 * the start through the same engine as everything else. A refused act
 * changes nothing and says why (`refusal`). Vanilla zustand: no React, no
 * I/O; saving the text `toScenarioFile` gives is the caller's (saved-runs).
 *
 * Invariants, whatever the acts (fuzzed in the tests): `steps` is in run
 * order (by tick, then list order) and every step passes the format's rules,
 * so the run always replays and always saves as a valid file.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { errorMessage } from '../platform/error-message.js';
import { effectiveConfig } from '../core/engine.js';
import { type ActCount, countActs } from '../core/sandbox/act-count.js';
import { actWords, stepWords } from '../core/sandbox/act-words.js';
import { idFromTitle, scenarioText } from '../core/sandbox/scenario-text.js';
import { inRunOrder, MAX_ACT_TICK, refuseStep, type StepLimits } from '../core/sandbox/step-rules.js';
import type { ConfigOverrides, Scenario, SimResult, Step } from '../core/types.js';
import { MAX_ACTORS, MAX_STEPS, MAX_STRING_LENGTH } from '../content/shared/input-limits.js';

/** A step as the act menu builds it: everything but the tick, which is the run's "now". */
export type StepDraft = Step extends infer S ? (S extends Step ? Omit<S, 'at' | 'line'> : never) : never;

/** One state of the run, as undo and redo keep it. */
export interface SandboxEdit {
  steps: readonly Step[];
  overrides: ConfigOverrides;
  /** In the undo and redo stacks: the act that left this state, in words. */
  act?: string | undefined;
}

export interface SandboxOptions {
  /** The engine's run (the store replays every edit through it). */
  simulate: (scenario: Scenario, overrides: ConfigOverrides) => SimResult;
  /** An extra rule (a challenge's allowed step kinds): why a step is refused, or null. */
  refuse?: ((step: Step) => string | null) | undefined;
  limits?: StepLimits;
}

export interface SandboxState {
  /** The scenario as opened, with the settings it was opened with: what acts are counted against. */
  start: Scenario | null;
  /** The run's steps, in run order. */
  steps: readonly Step[];
  overrides: ConfigOverrides;
  /** The engine's replay of the current steps and overrides. */
  result: SimResult | null;
  /** The step the steps list has selected (an index into `steps`), if any. */
  selected: number | null;
  past: SandboxEdit[];
  future: SandboxEdit[];
  /** Why the last act was refused, in words; null after an accepted one. */
  refusal: string | null;
  /** The last act (or undo/redo) as a clause: "adding A's pause at t=3", "undoing ...". */
  lastAct: string | null;
  /** Bumped by every accepted act, undo and redo: the screen replays on a change. */
  revision: number;

  open: (scenario: Scenario, overrides?: ConfigOverrides) => void;
  /** Adds `draft` at `tick`, after the steps already at that tick. */
  addStep: (tick: number, draft: StepDraft) => boolean;
  deleteStep: (index: number) => boolean;
  /** One tick earlier (-1) or later (+1); the selection follows the step. */
  moveStep: (index: number, delta: -1 | 1) => boolean;
  /** A write's delay (ticks in flight), or a pause's length (`for`; 0 for none). */
  setDelay: (index: number, ticks: number) => boolean;
  /** Replaces a step with another (a different value, wait, durability, tick). */
  replaceStep: (index: number, step: Step) => boolean;
  /** Toggles and TTL: recorded like any act, so undo takes them back. */
  setOverrides: (overrides: ConfigOverrides, words?: string) => boolean;
  select: (index: number | null) => void;
  undo: () => boolean;
  redo: () => boolean;
  /** The run as a scenario: the start's id and text, the current steps. */
  scenario: () => Scenario | null;
  acts: () => ActCount | null;
  /** The run as scenario-file text with this title (validate it before writing). */
  toScenarioFile: (title: string) => string;
}

export type SandboxStore = StoreApi<SandboxState>;

export const DEFAULT_STEP_LIMITS: StepLimits = { maxSteps: MAX_STEPS, maxActors: MAX_ACTORS, maxValueLength: MAX_STRING_LENGTH };
/** Undo goes this far back; older edits are dropped. */
const MAX_UNDO = 500;

const sameOverrides = (a: ConfigOverrides, b: ConfigOverrides) => a.fencing === b.fencing && a.minting === b.minting && a.check === b.check && a.ttl === b.ttl;

export function createSandboxStore(options: SandboxOptions): SandboxStore {
  const limits = options.limits ?? DEFAULT_STEP_LIMITS;
  const refuse = (step: Step, others: readonly Step[]) => refuseStep(step, others, limits) ?? options.refuse?.(step) ?? null;

  return createStore<SandboxState>()((set, get) => {
    const asScenario = (steps: readonly Step[]): Scenario | null => {
      const start = get().start;
      return start ? { ...start, steps: [...steps] } : null;
    };

    /** Replays an edit; refuses it (changing nothing) if the engine cannot. */
    const apply = (edit: SandboxEdit, words: string, selected: number | null, history: 'act' | 'undo' | 'redo'): boolean => {
      const scenario = asScenario(edit.steps);
      if (!scenario) return false;
      let result: SimResult;
      try {
        result = options.simulate(scenario, edit.overrides);
      } catch (err) {
        set({ refusal: `the engine refused this run: ${errorMessage(err)}` });
        return false;
      }
      const { steps, overrides, past, future, revision } = get();
      // The state left behind, labelled with the act that leaves it (undo's or redo's words later).
      const act = history === 'act' ? words : edit.act;
      const before: SandboxEdit = { steps, overrides, act };
      const moved =
        history === 'act'
          ? { past: [...past, before].slice(-MAX_UNDO), future: [] }
          : history === 'undo'
            ? { past: past.slice(0, -1), future: [...future, before] }
            : { past: [...past, before], future: future.slice(0, -1) };
      set({ steps: edit.steps, overrides: edit.overrides, ...moved, result, selected, refusal: null, lastAct: words, revision: revision + 1 });
      return true;
    };

    const refused = (why: string): false => {
      set({ refusal: why });
      return false;
    };

    const stepAt = (index: number): Step | undefined => (Number.isInteger(index) ? get().steps[index] : undefined);

    /** Puts `step` in place of the one at `index` (or adds it), keeping run order; returns its new index. */
    const withStep = (index: number | null, step: Step): { steps: Step[]; at: number } => {
      const steps = [...get().steps];
      if (index === null) steps.push(step);
      else steps[index] = step;
      const ordered = inRunOrder(steps);
      return { steps: ordered, at: ordered.indexOf(step) };
    };

    const change = (index: number, next: Step, words: string): boolean => {
      const others = get().steps.filter((_, i) => i !== index);
      const why = refuse(next, others);
      if (why) return refused(why);
      const { steps, at } = withStep(index, next);
      return apply({ steps, overrides: get().overrides }, words, at, 'act');
    };

    return {
      start: null,
      steps: [],
      overrides: {},
      result: null,
      selected: null,
      past: [],
      future: [],
      refusal: null,
      lastAct: null,
      revision: 0,

      open: (scenario, overrides = {}) => {
        const steps = inRunOrder(scenario.steps);
        const result = options.simulate({ ...scenario, steps }, overrides);
        // Settings given when opening (`sim --fencing off`) are part of the start: acts are counted from there.
        const start = { ...scenario, config: effectiveConfig(scenario, overrides) };
        set({ start, steps, overrides, result, selected: null, past: [], future: [], refusal: null, lastAct: null, revision: 0 });
      },

      addStep: (tick, draft) => {
        if (!get().start) return false;
        const step = { ...draft, at: tick } as Step;
        const why = refuse(step, get().steps);
        if (why) return refused(why);
        // After the steps already due at this tick: the learner acts on the moment as it is.
        const { steps, at } = withStep(null, step);
        return apply({ steps, overrides: get().overrides }, actWords({ kind: 'added', step }), at, 'act');
      },

      deleteStep: (index) => {
        const step = stepAt(index);
        if (!step) return refused('no step is selected');
        const steps = get().steps.filter((_, i) => i !== index);
        if (steps.length === 0) return refused('a run needs at least one step; add another before deleting this one');
        const selected = Math.min(index, steps.length - 1);
        return apply({ steps, overrides: get().overrides }, actWords({ kind: 'deleted', step }), selected, 'act');
      },

      moveStep: (index, delta) => {
        const step = stepAt(index);
        if (!step) return refused('no step is selected');
        const at = step.at + delta;
        if (at < 0) return refused('a step cannot move before t=0');
        if (at > MAX_ACT_TICK) return refused(`a step cannot move past t=${MAX_ACT_TICK}`);
        const next = { ...step, at };
        return change(index, next, actWords({ kind: 'changed', from: step, to: next }));
      },

      setDelay: (index, ticks) => {
        const step = stepAt(index);
        if (!step) return refused('no step is selected');
        if (step.do === 'write') {
          const next = { ...step, delay: ticks };
          return change(index, next, actWords({ kind: 'changed', from: step, to: next }));
        }
        if (step.do === 'pause') {
          const next: Step = { at: step.at, actor: step.actor, do: 'pause' };
          if (ticks !== 0) next.for = ticks;
          return change(index, next, actWords({ kind: 'changed', from: step, to: next }));
        }
        return refused(`${stepWords(step)}: only a write has a delay, and a pause a length`);
      },

      replaceStep: (index, step) => {
        const old = stepAt(index);
        if (!old) return refused('no step is selected');
        return change(index, step, actWords({ kind: 'changed', from: old, to: step }));
      },

      setOverrides: (overrides, words = 'changing the settings') => {
        const { start, steps } = get();
        if (!start || sameOverrides(overrides, get().overrides)) return false;
        if (overrides.ttl !== undefined && (!Number.isSafeInteger(overrides.ttl) || overrides.ttl < 2)) {
          return refused('a lease lasts at least 2 ticks');
        }
        return apply({ steps, overrides: { ...overrides } }, words, get().selected, 'act');
      },

      select: (index) => {
        const n = get().steps.length;
        set({ selected: index === null || n === 0 ? null : Math.max(0, Math.min(n - 1, index)) });
      },

      undo: () => {
        const edit = get().past.at(-1);
        if (!edit) return refused('nothing to undo');
        return apply(edit, `undoing ${edit.act ?? 'the last act'}`, null, 'undo');
      },
      redo: () => {
        const edit = get().future.at(-1);
        if (!edit) return refused('nothing to redo');
        return apply(edit, `redoing ${edit.act ?? 'the act'}`, null, 'redo');
      },

      scenario: () => asScenario(get().steps),
      acts: () => {
        const { start, steps, overrides } = get();
        if (!start) return null;
        return countActs(start, { steps, config: effectiveConfig(start, overrides) });
      },
      toScenarioFile: (title) => {
        const { start, steps, overrides } = get();
        if (!start) throw new Error('no run is open');
        const clean = title.trim();
        return scenarioText({
          id: idFromTitle(clean),
          title: clean || 'My run',
          summary: `Saved from the simulator, starting from ${start.id}.`,
          config: effectiveConfig(start, overrides),
          steps,
        });
      },
    };
  });
}
