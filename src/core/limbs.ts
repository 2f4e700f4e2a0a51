/**
 * The dense path's counts (dense-count.ts) are non-negative integers of any
 * size as limbs of 52 bits in doubles, lowest first: a double holds every
 * integer below 2^53, so adding two limbs and a carry is exact, and no count
 * is ever a heap object. How many limbs a level needs comes from a bound on
 * the paths into any of its states, so the shallow levels (half the states
 * of 6 actors x 4 writes) add one double per operation.
 */

const LIMB_BITS = 52;

/** Bits of a non-negative bigint (1 for 0). */
const bitLength = (n: bigint) => Math.max(1, n.toString(2).length);

/**
 * Per level (the sum of the positions, 0 to the sum of `ends`), the limbs a
 * count there needs. A path into a state whose positions are p moves each
 * actor a at most p[a] times (every operation advances its actor), and no
 * path is a prefix of another into the same state (progress only grows), so
 * appending each actor's missing moves maps the paths one-to-one into
 * orderings of exactly p[a] moves each: at most multinomial(p). Over the
 * positions of one level (each at most its `ends`), that is largest when
 * they are as even as the caps allow, which adding each step to the lowest
 * uncapped position keeps them; it only grows from level to level, so a
 * level never needs fewer limbs than the one before.
 */
export function levelLimbs(ends: number[]): number[] {
  const parts = ends.map(() => 0);
  const last = ends.reduce((m, e) => m + e, 0);
  let multinomial = 1n;
  const limbs = [1];
  for (let level = 1; level <= last; level++) {
    let lowest = -1;
    for (let a = 0; a < parts.length; a++) if (parts[a]! < ends[a]! && (lowest === -1 || parts[a]! < parts[lowest]!)) lowest = a;
    parts[lowest] = parts[lowest]! + 1;
    multinomial = (multinomial * BigInt(level)) / BigInt(parts[lowest]!);
    limbs.push(Math.max(limbs[level - 1]!, Math.ceil(bitLength(multinomial) / LIMB_BITS)));
  }
  return limbs;
}
