/**
 * A predict question's steps in words, one line per step of its scenario
 * file, for every place that draws no timeline (`quiz --plain`, the answer
 * sheet, GIFT): the learner predicts from the same facts the screen shows.
 * The steps are the file's, not a run's, so they never give the answer away.
 */
import { stepsInRunOrder } from '../step-order.js';
import type { Scenario, Step } from '../types.js';

function stepText(step: Step): string {
  switch (step.do) {
    case 'acquire':
      return !step.wait ? `${step.actor} asks for the lock and gives up if it is held` : `${step.actor} asks for the lock (and waits while it is held)`;
    case 'release':
      return `${step.actor} releases the lock`;
    case 'pause':
      return step.for !== undefined ? `${step.actor} pauses for ${step.for} ticks` : `${step.actor} pauses`;
    case 'resume':
      return `${step.actor} resumes`;
    case 'write':
      return step.delay > 0
        ? `${step.actor} sends a write of "${step.value}", which the network delays by ${step.delay} ticks`
        : `${step.actor} writes "${step.value}"`;
    case 'failover':
      return 'the coordinator fails over (restarts)';
    case 'sink-restart':
      return step.durable ? 'the sink restarts and keeps its mark' : 'the sink restarts and forgets its mark';
  }
}

/** `t=3   B asks for the lock ...`, in the order the engine runs them (by tick, then file order). */
export function describeSteps(scenario: Scenario): string[] {
  const ordered = stepsInRunOrder(scenario);
  const width = Math.max(...ordered.map((s) => String(s.at).length), 1);
  return ordered.map((s) => `t=${String(s.at).padEnd(width)}  ${stepText(s)}`);
}

/** The lines appended to a prompt where no timeline is drawn. */
export function stepsBlock(steps: readonly string[] | undefined): string {
  return steps && steps.length > 0 ? `\n\nSteps of the scenario:\n${steps.join('\n')}` : '';
}
