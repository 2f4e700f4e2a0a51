/**
 * The order a scenario's steps run in: by tick, then file order (a stable
 * sort keeps file order within a tick). The engine runs them so; whatever
 * lists steps or their values without a run (a predict question's steps, the
 * final-value choices) lists them so too.
 */
import type { Scenario, Step } from './types.js';

export function stepsInRunOrder(scenario: Pick<Scenario, 'steps'>): Step[] {
  return scenario.steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.at - b.s.at || a.i - b.i)
    .map((x) => x.s);
}
