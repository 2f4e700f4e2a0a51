/**
 * Acts: how far a learner's run is from a challenge's starting scenario.
 * Each step added, removed or changed counts one, and each toggle or TTL
 * change one (issue 20). A changed step is a removed step and an added one
 * of the same actor and kind (moved to another tick, another value or
 * delay). The number is core/sandbox/act-count.ts's (the app's counter);
 * this module lists the changes, so a challenge can refuse the kinds it does
 * not allow. Pure.
 */
import { countActs } from './sandbox/act-count.js';
import type { ScenarioConfig, Step, StepKind } from './types.js';

/** The toggles a challenge may let the learner change (`ttl` is the lease length). */
export const CHALLENGE_TOGGLES = ['fencing', 'minting', 'check', 'ttl'] as const;
export type ChallengeToggle = (typeof CHALLENGE_TOGGLES)[number];

/** What a challenge lets the learner change. */
export interface AllowedActs {
  steps: readonly StepKind[];
  toggles: readonly ChallengeToggle[];
}

export interface StepChange {
  kind: 'added' | 'removed' | 'changed';
  /** The step in the run (added, changed) or in the start (removed). */
  step: Step;
  /** The starting step it replaces, for a changed step. */
  from?: Step;
}

export interface ActDiff {
  steps: StepChange[];
  /** Toggles whose value differs from the start's. */
  toggles: ChallengeToggle[];
  /** Other config keys that differ (splitGap, keepalive, initial): never allowed. */
  fixedConfig: (keyof ScenarioConfig)[];
  acts: number;
}

/** The step's identity for matching: everything but its source line. */
function stepKey(step: Step): string {
  const { line: _line, ...rest } = step;
  const sorted = Object.keys(rest)
    .sort()
    .map((k) => [k, (rest as Record<string, unknown>)[k]]);
  return JSON.stringify(sorted);
}

/** The difference from `start` to `run`, and its number of acts. */
export function diffActs(start: { config: ScenarioConfig; steps: readonly Step[] }, run: { config: ScenarioConfig; steps: readonly Step[] }): ActDiff {
  const unmatched = new Map<string, Step[]>();
  for (const s of start.steps) {
    const key = stepKey(s);
    unmatched.set(key, [...(unmatched.get(key) ?? []), s]);
  }
  const added: Step[] = [];
  for (const s of run.steps) {
    const same = unmatched.get(stepKey(s));
    if (same && same.length > 0) same.shift();
    else added.push(s);
  }
  const removed = [...unmatched.values()].flat();
  const steps: StepChange[] = [];
  for (const step of added) {
    let best = -1;
    removed.forEach((r, i) => {
      if (r.actor !== step.actor || r.do !== step.do) return;
      const prev = removed[best];
      if (best === -1 || (prev && Math.abs(r.at - step.at) < Math.abs(prev.at - step.at))) best = i;
    });
    const from = best === -1 ? undefined : removed.splice(best, 1)[0];
    steps.push(from ? { kind: 'changed', step, from } : { kind: 'added', step });
  }
  for (const step of removed) steps.push({ kind: 'removed', step });
  const toggles = CHALLENGE_TOGGLES.filter((k) => start.config[k] !== run.config[k]);
  const fixedConfig = (Object.keys(start.config) as (keyof ScenarioConfig)[]).filter(
    (k) => !(CHALLENGE_TOGGLES as readonly string[]).includes(k) && start.config[k] !== run.config[k],
  );
  // The count is the sandbox's (one rule for the app's act counter and the check); this diff only names the changes.
  return { steps, toggles, fixedConfig, acts: countActs(start, run).total + fixedConfig.length };
}

/** One change the challenge does not allow, in words (the CLI exits 2 with it). */
export interface ForbiddenAct {
  what: string;
  /** The run's step concerned, when it is an added or changed step (its line points into the run's file). */
  step?: Step;
  /** The config key concerned, when it is a toggle or another setting. */
  key?: keyof ScenarioConfig;
}

/** The changes in `diff` that `allowed` does not permit. */
export function forbiddenActs(diff: ActDiff, allowed: AllowedActs): ForbiddenAct[] {
  const out: ForbiddenAct[] = [];
  for (const change of diff.steps) {
    if (allowed.steps.includes(change.step.do)) continue;
    out.push({
      what: `${change.kind === 'added' ? 'an' : 'a'} ${change.kind} \`${change.step.do}\` step (${change.step.actor} at tick ${change.step.at})`,
      ...(change.kind === 'removed' ? {} : { step: change.step }),
    });
  }
  for (const toggle of diff.toggles) {
    if (!allowed.toggles.includes(toggle)) out.push({ what: `a change of \`${toggle}\``, key: toggle });
  }
  for (const key of diff.fixedConfig) out.push({ what: `a change of \`${key}\``, key });
  return out;
}
