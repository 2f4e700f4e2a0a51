/**
 * Which steps a learner may add to a run, and why one is refused, in words.
 * The rules are the scenario format's (spec section 1), so that every run the
 * sandbox accepts can be saved as a file the loader accepts; plus the
 * loader's limits (steps, actors, string length), passed in by the caller
 * since they live with the loaders. Pure.
 */
import { isNeutral } from '../neutralise.js';
import { NO_VALUE_KEY } from '../display-text.js';
import { ACTOR_NAME, isReservedActor } from '../scenario-names.js';
import type { Step } from '../types.js';

export interface StepLimits {
  maxSteps: number;
  maxActors: number;
  maxValueLength: number;
}

/** Past this tick a step would only stretch the timeline out of sight; the format has no limit, the sandbox does. */
export const MAX_ACT_TICK = 9999;
/** Longest pause (`for`) or delay the sandbox offers, in ticks. */
const MAX_ACT_TICKS = 999;

function tickRule(name: string, v: number, min: number, max: number): string | null {
  if (!Number.isSafeInteger(v)) return `\`${name}\` must be a whole number of ticks, not ${String(v)}`;
  if (v < min) return `\`${name}\` must be at least ${min} (it is ${v})`;
  if (v > max) return `\`${name}\` must be at most ${max} here (it is ${v})`;
  return null;
}

/** Why a worker's name is refused, or null when it may act. */
function actorRule(step: Step): string | null {
  if (step.do === 'failover') return step.actor === 'coordinator' ? null : `only the coordinator fails over, not ${step.actor}`;
  if (step.do === 'sink-restart') return step.actor === 'sink' ? null : `only the sink restarts, not ${step.actor}`;
  if (isReservedActor(step.actor)) {
    return `the ${step.actor} can only ${step.actor === 'sink' ? 'restart' : 'fail over'}; a worker such as A does \`${step.do}\``;
  }
  if (!ACTOR_NAME.test(step.actor)) return `a worker's name starts with a letter and has only letters, digits, _ and -, not "${step.actor}"`;
  return null;
}

function fieldRule(step: Step, limits: StepLimits): string | null {
  switch (step.do) {
    case 'pause':
      return step.for === undefined ? null : tickRule('for', step.for, 1, MAX_ACT_TICKS);
    case 'write':
      if (step.value === NO_VALUE_KEY) return `a written value may not be the text "${NO_VALUE_KEY}": it stands for "no value" in the explorer`;
      if (step.value.length > limits.maxValueLength) return `a written value is at most ${limits.maxValueLength} characters`;
      if (!isNeutral(step.value) || /[\n\t]/.test(step.value)) return 'a written value is plain text on one line: no control or invisible characters';
      return tickRule('delay', step.delay, 0, MAX_ACT_TICKS);
    default:
      return null;
  }
}

/**
 * Why `step` may not join `steps` (the run's steps so far), or null when it
 * may. Steps with no effect (releasing a lock one does not hold, resuming a
 * running worker) are allowed: the format allows them and the run shows it.
 */
export function refuseStep(step: Step, steps: readonly Step[], limits: StepLimits): string | null {
  const rule = tickRule('at', step.at, 0, MAX_ACT_TICK) ?? actorRule(step) ?? fieldRule(step, limits);
  if (rule) return rule;
  if (steps.length >= limits.maxSteps) return `a run has at most ${limits.maxSteps} steps; delete one first`;
  const actors = new Set(steps.map((s) => s.actor));
  if (!actors.has(step.actor) && actors.size >= limits.maxActors) return `a run has at most ${limits.maxActors} actors; let one of them act`;
  return null;
}

/** The same step, ignoring where it came from (its line in a file). */
export function sameStep(a: Step, b: Step): boolean {
  if (a.at !== b.at || a.actor !== b.actor || a.do !== b.do) return false;
  return stepFieldsKey(a) === stepFieldsKey(b);
}

/** The fields of a step besides at, actor and do, as one comparable string. */
function stepFieldsKey(step: Step): string {
  switch (step.do) {
    case 'acquire':
      return `wait=${step.wait}`;
    case 'pause':
      return `for=${step.for ?? ''}`;
    case 'write':
      return `value=${JSON.stringify(step.value)} delay=${step.delay}`;
    case 'sink-restart':
      return `durable=${step.durable}`;
    default:
      return '';
  }
}

/** Steps in the order the engine runs them: by tick, then list order (a stable sort). */
export function inRunOrder(steps: readonly Step[]): Step[] {
  return steps
    .map((step, i) => ({ step, i }))
    .sort((x, y) => x.step.at - y.step.at || x.i - y.i)
    .map((x) => x.step);
}

/** The next worker name not in use: A, B, ... Z, then A1, B1, ... */
export function nextActorName(steps: readonly Step[]): string {
  const used = new Set(steps.map((s) => s.actor));
  for (let round = 0; ; round++) {
    for (let c = 0; c < 26; c++) {
      const name = String.fromCharCode(65 + c) + (round === 0 ? '' : String(round));
      if (!used.has(name)) return name;
    }
  }
}

/** The workers of a run, in the order they first appear. */
export function workersOf(steps: readonly Step[]): string[] {
  const names: string[] = [];
  for (const s of steps) if (s.actor !== 'coordinator' && s.actor !== 'sink' && !names.includes(s.actor)) names.push(s.actor);
  return names;
}
