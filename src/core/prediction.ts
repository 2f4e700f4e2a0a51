/**
 * Predict, then reveal: the values a learner may bet on, and, for a wrong
 * bet, the event where the run parts ways with it. Both read the engine's
 * result; neither decides anything the engine has not.
 */
import { NO_VALUE_KEY } from './display-text.js';
import { stepsInRunOrder } from './step-order.js';
import type { Scenario, SimResult } from './types.js';

/** The string the explorer uses for "no value"; also the choice for it here. */
export const NO_VALUE = NO_VALUE_KEY;
const MAX_CHOICES = 9;

/**
 * The values a learner may bet the sink ends with, in the one order every
 * place that asks offers them (the simulator's prediction, a quiz's
 * final-value question): the start value first (null: no value), then each
 * value the scenario writes, once, in the order its steps run (by tick, then
 * file order). Read from the scenario, not a run, so every toggle and every
 * variant of a question offers the same list, and none gives the answer away.
 */
export function finalValueChoices(scenario: Pick<Scenario, 'steps' | 'config'>): (string | null)[] {
  const choices: (string | null)[] = [scenario.config.initial];
  for (const step of stepsInRunOrder(scenario)) {
    if (step.do === 'write' && !choices.includes(step.value)) choices.push(step.value);
  }
  return choices;
}

/** The simulator's choices: finalValueChoices as keys (NO_VALUE for no value), at most nine (one digit each). */
export function predictionChoices(scenario: Pick<Scenario, 'steps' | 'config'>): string[] {
  return finalValueChoices(scenario)
    .map((v) => v ?? NO_VALUE)
    .slice(0, MAX_CHOICES);
}

/** The events that change the sink's value: an accept (atomic, plain) or an apply (split). */
function isTaken(kind: string): boolean {
  return kind === 'accept' || kind === 'apply';
}

/**
 * Where a wrong guess goes wrong: the last rejection of the guessed value if
 * it was refused; else the first write that replaced it after it last got
 * in; else the last write that got in (the one that decided the end).
 */
export function wrongMoment(result: SimResult, guess: string): { t: number; index: number } | null {
  const events = result.events;
  let rejectedAt = -1;
  let lastTaken = -1;
  let lastTakenGuess = -1;
  events.forEach((e, i) => {
    if (e.kind === 'reject' && e.value === guess) rejectedAt = i;
    if (isTaken(e.kind)) {
      lastTaken = i;
      if (e.value === guess) lastTakenGuess = i;
    }
  });
  // The start value "got in" before the first event.
  const guessIsStart = guess === (result.config.initial ?? NO_VALUE);
  const since = lastTakenGuess >= 0 ? lastTakenGuess : guessIsStart ? -1 : null;
  let index = -1;
  if (rejectedAt >= 0) index = rejectedAt;
  else if (since !== null) index = events.findIndex((e, i) => i > since && isTaken(e.kind) && e.value !== guess);
  if (index < 0) index = lastTaken;
  const event = events[index];
  return event ? { t: event.t, index } : null;
}
