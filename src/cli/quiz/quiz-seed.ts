/**
 * A seed drawn when `--seed` is not given, uniform over 0..MAX_SEED (2^32
 * values: one random 32-bit word). Through the global Web Crypto, which Node
 * loads on first use: importing node:crypto would cost every `quiz` command
 * several milliseconds at start-up, most of which never draw (issue 18).
 */
import { MAX_SEED } from '../../core/quiz/rng.js';

export function drawSeed(): number {
  const word = globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
  // MAX_SEED is 2^32 - 1: every word is a seed.
  return Math.min(word, MAX_SEED);
}
