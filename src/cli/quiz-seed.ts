/**
 * A seed drawn when `--seed` is not given. Apart from quiz-settings.ts so
 * that node:crypto (several milliseconds to load) stays out of the quiz
 * export's fast path (fast-path.ts), which always has a seed.
 */
import { randomInt } from 'node:crypto';
import { MAX_SEED } from '../core/quiz/rng.js';

export function drawSeed(): number {
  return randomInt(0, MAX_SEED + 1);
}
