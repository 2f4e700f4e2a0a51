/** Scenario files (spec sections 1-2) under fuzzing. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/core/types.js';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { fuzzLoader } from './harness.js';

const dir = resolve(import.meta.dirname, '../../scenarios');
const seeds = readdirSync(dir)
  .filter((f) => /\.(ya?ml|json)$/.test(f))
  .map((f) => readFileSync(join(dir, f), 'utf8'));

describe('loadScenarioText under fuzzing', () => {
  fuzzLoader(
    {
      name: 'scenario',
      load: loadScenarioText,
      seeds,
      check: (value) => {
        // An accepted scenario is usable: an id, steps with integer ticks, and
        // no control characters left in its texts.
        const s = value as Scenario;
        expect(typeof s.id).toBe('string');
        expect(s.steps.length).toBeGreaterThan(0);
        for (const step of s.steps) expect(Number.isSafeInteger(step.at) && step.at >= 0).toBe(true);
        for (const text of [s.title, s.summary]) if (text !== undefined) expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      },
    },
    it,
  );
});
