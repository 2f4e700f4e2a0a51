/** The exercise manifest loader under the shared fuzz battery: a manifest or a ContentError, never a crash. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExerciseManifest } from '../../src/content/exercise/exercise-registry.js';
import { fuzzLoader } from './harness.js';

const root = join(import.meta.dirname, '../../exercises');
const ids = readdirSync(root);
const seeds = ids.map((id) => readFileSync(join(root, id, 'exercise.json'), 'utf8'));

describe('exercise manifests under fuzzing', () => {
  fuzzLoader(
    {
      name: 'exercise manifest',
      // Every seed is checked against its own folder name by its id: use the id the text claims.
      load: (text, file) => {
        const claimed = /"id"\s*:\s*"([^"]*)"/.exec(text)?.[1] ?? '';
        return parseExerciseManifest(text, file, claimed, '/shipped');
      },
      seeds,
      toDocument: (t) => JSON.parse(t) as unknown,
      sizeCapped: false,
      check: (value) => {
        const m = value as { hints: string[]; file: string };
        expect(m.hints.length).toBeGreaterThan(0);
        expect(m.file).toMatch(/\.m?js$/);
      },
    },
    it,
  );
});
