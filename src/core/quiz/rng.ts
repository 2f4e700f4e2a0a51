/**
 * Seeded randomness for draws. Everything a seed decides is derived from
 * (seed, salt) through a string hash and a small PRNG, so the order of the
 * bank depends only on the seed, and a question's variant and option order
 * only on the seed and the question's id (not on what else was drawn).
 */

/** Largest seed accepted: seeds are non-negative integers below 2^32. */
export const MAX_SEED = 0xffffffff;

/** 32-bit FNV-1a over the UTF-16 code units of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, well-distributed 32-bit generator; returns floats in [0, 1). */
export function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for one purpose (`salt`) under one seed. */
export function seededRng(seed: number, salt: string): () => number {
  return mulberry32(hashString(`${seed}\u0000${salt}`));
}

/** Fisher–Yates: the permutation `perm` such that shuffled[i] = items[perm[i]]. */
export function shuffledIndices(length: number, rng: () => number): number[] {
  const perm = Array.from({ length }, (_, i) => i);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = perm[i]!;
    perm[i] = perm[j]!;
    perm[j] = tmp;
  }
  return perm;
}

/** True for a seed the CLI accepts. */
export function isValidSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED;
}
