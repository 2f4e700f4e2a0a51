/**
 * An embedded timeline's caption is written for the block's toggles
 * ("fencing off: the sink takes every write"). Once the learner flips a
 * toggle the caption no longer describes the run on screen, so the reader
 * says which setting it was written for instead of leaving it to mislead.
 */
import { effectiveConfig } from '../../core/engine.js';
import type { Scenario, ScenarioConfig } from '../../core/types.js';
import type { ScenarioBlock } from '../../content/lesson/lesson-types.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { type StyledLine, wrapSpans } from './styled-text.js';

type Setting = Pick<ScenarioConfig, 'fencing' | 'minting' | 'check' | 'ttl'>;

function words(c: Setting, which: keyof Setting): string {
  if (which === 'fencing') return `fencing ${c.fencing ? 'on' : 'off'}`;
  if (which === 'ttl') return `ttl ${c.ttl}`;
  return `${which} ${c[which]}`;
}

/**
 * The settings the caption was written for that the current run does not
 * have, in words ({ was: 'fencing off', now: 'fencing on' }); null when the
 * run on screen is the one the caption describes.
 */
export function captionMismatch(block: ScenarioBlock, scenario: Scenario, current: Setting): { was: string; now: string } | null {
  const base = effectiveConfig(scenario, block.overrides);
  const differ = (['fencing', 'minting', 'check', 'ttl'] as const).filter((k) => base[k] !== current[k]);
  if (differ.length === 0) return null;
  return { was: differ.map((k) => words(base, k)).join(', '), now: differ.map((k) => words(current, k)).join(', ') };
}

/** The caption's lines while the toggles differ: muted, and saying which setting it describes. */
export function otherSettingCaption(caption: string, mismatch: { was: string; now: string }, width: number): StyledLine[] {
  return wrapSpans(
    [
      { text: `Written for ${mismatch.was} (now ${mismatch.now}): `, role: 'muted' },
      { text: sanitizeLine(caption), italic: true, role: 'muted' },
    ],
    Math.max(20, width),
  );
}
