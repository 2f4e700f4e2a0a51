/**
 * The heading line over a lesson's embedded scenario, the same in the plain
 * lesson and the reader. On its own so the reader takes it without
 * lesson-render.ts, which brings marked (issue 18: the reader's first frame
 * and memory).
 */
import type { ScenarioBlock } from '../content/lesson/lesson-types.js';

/** `narrate`: no glyph before the words (a screen reader reads it out). */
export function scenarioHeading(block: ScenarioBlock, ascii: boolean, narrate = false): string {
  const o = block.overrides;
  const toggles = [
    o.fencing !== undefined ? `fencing ${o.fencing ? 'on' : 'off'}` : '',
    o.minting ? `minting ${o.minting}` : '',
    o.check ? `check ${o.check}` : '',
  ].filter((x) => x !== '');
  return `${narrate ? '' : ascii ? '> ' : '▶ '}Try it: ${block.scenarioId}${toggles.length ? ` (${toggles.join(', ')})` : ''}`;
}
