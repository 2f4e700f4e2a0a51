/**
 * An embedded scenario as text: the engine runs it with the block's toggles
 * and the timeline renderer draws the result, so a lesson shows exactly what
 * `sim` would. Used by `lesson --plain`; the reader screen draws its own.
 */
import { simulate } from '../core/engine.js';
import { narrateOutcome, narrateTicks } from '../core/narration.js';
import { timelineFromSim } from '../core/timeline/from-sim.js';
import { renderTimeline } from '../core/timeline/render-text.js';
import type { Scenario } from '../core/types.js';
import type { ScenarioBlock } from '../content/lesson/lesson-types.js';
import { wrapText } from './lesson-wrap.js';

export function scenarioBlockLines(block: ScenarioBlock, width: number, ascii: boolean, find: (id: string) => Scenario | undefined, narrate = false): string[] {
  const scenario = find(block.scenarioId);
  if (!scenario) return wrapText(`(the scenario "${block.scenarioId}" is not available)`, width);
  const result = simulate(scenario, block.overrides);
  // --narrate: each moment as a sentence (as `sim --narrate` says it), no drawing.
  if (narrate) return [...narrateTicks(result, ascii).flatMap((t) => wrapText(t.text, width)), ...wrapText(narrateOutcome(result, ascii), width)];
  const lines = renderTimeline(timelineFromSim(result, scenario), { width, ascii });
  return [...lines, '', ...wrapText(narrateOutcome(result, ascii), width)];
}
