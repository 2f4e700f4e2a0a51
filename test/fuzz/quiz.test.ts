/** Quiz banks (quizzes/FORMAT.md) under fuzzing. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QuizBank } from '../../src/core/quiz/types.js';
import { loadQuizText } from '../../src/content/quiz/quiz-loader.js';
import { fuzzLoader } from './harness.js';

const dir = resolve(import.meta.dirname, '../../quizzes');
// A few banks of every kind keep each run fast; all of them are checked by the quiz tests.
const seeds = readdirSync(dir)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort()
  .slice(0, 4)
  .map((f) => readFileSync(join(dir, f), 'utf8'));

describe('loadQuizText under fuzzing', () => {
  fuzzLoader(
    {
      name: 'quiz bank',
      load: (text, file) => loadQuizText(text, file, { custom: true }),
      seeds,
      check: (value) => {
        const bank = value as QuizBank;
        expect(bank.questions.length).toBeGreaterThan(0);
        for (const q of bank.questions) {
          expect(typeof q.id).toBe('string');
          expect(q.prompt).not.toMatch(/[\u001b\u009b]/);
        }
      },
    },
    it,
  );
});
