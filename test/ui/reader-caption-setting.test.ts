/**
 * A timeline's caption describes the block's toggles; once the learner flips
 * one, the reader says which setting the caption was written for.
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioBlock } from '../../src/content/lesson/lesson-types.js';
import { DEFAULT_CONFIG, type Scenario } from '../../src/core/types.js';
import { captionMismatch, otherSettingCaption } from '../../src/ui/reader/caption-setting.js';

const scenario = { config: { ...DEFAULT_CONFIG } } as unknown as Scenario;
const block: ScenarioBlock = { kind: 'scenario', line: 1, scenarioId: 'late-write', overrides: { fencing: false }, caption: 'The sink takes every write.' };

describe('captionMismatch', () => {
  it("is null while the run has the block's toggles", () => {
    expect(captionMismatch(block, scenario, { ...DEFAULT_CONFIG, fencing: false })).toBeNull();
  });

  it('names the setting the caption was written for and the one on screen', () => {
    expect(captionMismatch(block, scenario, { ...DEFAULT_CONFIG, fencing: true })).toEqual({ was: 'fencing off', now: 'fencing on' });
    expect(captionMismatch(block, scenario, { ...DEFAULT_CONFIG, fencing: false, check: 'split' })).toEqual({ was: 'check atomic', now: 'check split' });
  });

  it('says so in muted words over the caption, neutralising its text', () => {
    const lines = otherSettingCaption('The sink \u001b[31mtakes', { was: 'fencing off', now: 'fencing on' }, 80);
    const text = lines.map((l) => l.map((s) => s.text).join('')).join(' ');
    expect(text).toContain('Written for fencing off (now fencing on): The sink');
    expect(text).not.toContain('\u001b');
    expect(
      lines
        .flat()
        .filter((s) => s.text.trim() !== '')
        .every((s) => s.role === 'muted'),
    ).toBe(true);
  });
});
