/** Challenge files (challenges/FORMAT.md) under fuzzing. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { challengeFromText } from '../../src/content/challenges/challenge-loader.js';
import type { Challenge } from '../../src/content/challenges/challenge-types.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { fuzzLoader } from './harness.js';

const dir = resolve(import.meta.dirname, '../../challenges');
const seeds = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => readFileSync(join(dir, f), 'utf8'));

describe('challengeFromText under fuzzing', () => {
  fuzzLoader(
    {
      name: 'challenge',
      load: (text: string, file: string) => challengeFromText(text, file, (id) => findShippedScenario(id)),
      seeds,
      check: (value) => {
        // An accepted challenge is usable: a start and a solution with steps, a par, and texts free of control characters.
        const c = value as Challenge;
        expect(c.start.steps.length).toBeGreaterThan(0);
        expect(c.solution.steps.length).toBeGreaterThan(0);
        expect(Number.isSafeInteger(c.par) && c.par >= 1).toBe(true);
        for (const text of [c.title, c.task, ...c.hints]) expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      },
    },
    it,
  );
});
