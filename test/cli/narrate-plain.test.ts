/**
 * --narrate on the plain explorer (for a screen reader): the final values
 * as sentences, not bars of block glyphs read out one by one, and no
 * timeline drawing; the counts and the ordering that goes wrong stay.
 */
import { describe, expect, it } from 'vitest';
import { explorePlainText } from '../../src/cli/scenario/explore-plain.js';
import { listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { explore } from '../../src/core/explorer.js';
import type { Display } from '../../src/platform/display.js';

const DISPLAY: Display = { interactive: false, ascii: false, color: false, reducedMotion: false, narrate: false, columns: 80, rows: 24 };

describe('explore --narrate, plain', () => {
  const scenario = listShippedScenarios().find((s) => s.id === 'split-race')!;
  const result = explore(scenario);

  it('says each final value in a sentence, with no bar, box or timeline glyph', () => {
    const text = explorePlainText(scenario, result, { ...DISPLAY, narrate: true });
    expect(text).toContain("15 orderings of the sink's operations; 6 of them accept a stale write (40%).");
    expect(text).toContain('The sink ends at "100" in 9 orderings.');
    expect(text).toContain('The sink ends at "1" in 6 orderings.');
    expect(text).toContain('one ordering that goes wrong:');
    expect(text).toMatch(/mark none/);
    expect(text).toMatch(/ {2}stale: 1 after 2/);
    expect(text).not.toMatch(/[█░─│┼├╳●═–←]/);
  });

  it('still draws the bars without --narrate', () => {
    expect(explorePlainText(scenario, result, DISPLAY)).toMatch(/"100"\s+█+\s+9/);
  });
});
