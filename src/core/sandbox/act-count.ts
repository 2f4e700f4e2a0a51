/**
 * How many acts a run is away from its starting scenario (issue 20): each
 * step added, removed or changed counts one, each toggle or TTL that differs
 * one. Counted from the two step lists alone, with no memory of how the
 * learner got there, so a saved file is counted exactly like the run in the
 * app, and undoing an act (or deleting a step and adding it back) costs
 * nothing. Pure.
 */
import type { ScenarioConfig, Step } from '../types.js';
import { sameStep } from './step-rules.js';

export interface ActCount {
  added: number;
  removed: number;
  changed: number;
  /** Which of fencing, minting, check and ttl differ from the start. */
  settings: ('fencing' | 'minting' | 'check' | 'ttl')[];
  total: number;
}

/**
 * Steps equal to a starting step match it first; then a leftover step with
 * the same actor and `do` as a leftover starting step is that step changed
 * (moved, or another delay or value), paired in list order; the rest were
 * added or removed.
 */
export function countActs(start: { steps: readonly Step[]; config: ScenarioConfig }, now: { steps: readonly Step[]; config: ScenarioConfig }): ActCount {
  const leftStart = [...start.steps];
  const leftNow: Step[] = [];
  for (const step of now.steps) {
    const i = leftStart.findIndex((s) => sameStep(s, step));
    if (i >= 0) leftStart.splice(i, 1);
    else leftNow.push(step);
  }
  let changed = 0;
  const added: Step[] = [];
  for (const step of leftNow) {
    const i = leftStart.findIndex((s) => s.actor === step.actor && s.do === step.do);
    if (i >= 0) {
      leftStart.splice(i, 1);
      changed++;
    } else added.push(step);
  }
  const settings = (['fencing', 'minting', 'check', 'ttl'] as const).filter((k) => start.config[k] !== now.config[k]);
  const removed = leftStart.length;
  return { added: added.length, removed, changed, settings, total: added.length + removed + changed + settings.length };
}

/** For each step of `now`, whether it is the learner's (added or changed), matched as countActs matches. */
export function stepsChanged(start: readonly Step[], now: readonly Step[]): boolean[] {
  const left = [...start];
  return now.map((step) => {
    const i = left.findIndex((s) => sameStep(s, step));
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}
