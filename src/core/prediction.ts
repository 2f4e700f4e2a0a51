/**
 * Predict, then reveal: the values a learner may bet on, and, for a wrong
 * bet, the event where the run parts ways with it. Both read the engine's
 * result; neither decides anything the engine has not.
 */
import type { SimResult } from './types.js';

/** The string the explorer uses for "no value"; also the choice for it here. */
export const NO_VALUE = 'null';
const MAX_CHOICES = 9;

/** Every value that could end in the sink: the start value, then each written value in the order sent. */
export function predictionChoices(result: SimResult): string[] {
  const choices: string[] = [result.config.initial ?? NO_VALUE];
  const bySend = [...result.writes].sort((a, b) => a.sendIndex - b.sendIndex || a.sentAt - b.sentAt);
  for (const w of bySend) if (!choices.includes(w.value)) choices.push(w.value);
  return choices.slice(0, MAX_CHOICES);
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
