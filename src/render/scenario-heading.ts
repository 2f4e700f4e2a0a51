/**
 * The heading line over a lesson's embedded scenario, the same in the plain
 * lesson and the reader. On its own so the reader takes it without
 * lesson-render.ts, which brings marked (issue 18: the reader's first frame
 * and memory).
 */
import type { ScenarioBlock } from '../content/lesson/lesson-types.js';

export function scenarioHeading(block: ScenarioBlock, ascii: boolean): string {
  const o = block.overrides;
  const toggles = [
    o.fencing !== undefined ? `fencing ${o.fencing ? 'on' : 'off'}` : '',
    o.minting ? `minting ${o.minting}` : '',
    o.check ? `check ${o.check}` : '',
  ].filter((x) => x !== '');
  return `${ascii ? '>' : '▶'} Try it: ${block.scenarioId}${toggles.length ? ` (${toggles.join(', ')})` : ''}`;
}
