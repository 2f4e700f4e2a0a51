/**
 * The level path's counts (level-count.ts): non-negative integers of any
 * size as limbs of 52 bits in a Float64Array, lowest first. A double holds
 * every integer below 2^53, so adding two limbs and a carry is exact, and
 * no count is ever a heap object.
 *
 * How many limbs a level needs comes from a bound on the paths into any of
 * its states, so the shallow levels (most of the small ones, and half the
 * large) add one double per operation instead of a multi-limb number.
 */

const LIMB_BITS = 52;
const LIMB = 2 ** LIMB_BITS;

/** Adds the count at `from` in `src` (`srcLimbs` limbs) into the one at `to` in `dst` (`dstLimbs` >= `srcLimbs` limbs). */
export function addInto(dst: Float64Array, to: number, dstLimbs: number, src: Float64Array, from: number, srcLimbs: number): void {
  // One limb: the level's bound keeps the sum below 2^52.
  if (dstLimbs === 1) {
    dst[to] = dst[to]! + src[from]!;
    return;
  }
  let carry = 0;
  for (let i = 0; i < srcLimbs; i++) {
    const sum = dst[to + i]! + src[from + i]! + carry;
    carry = sum >= LIMB ? 1 : 0;
    dst[to + i] = sum - carry * LIMB;
  }
  for (let i = srcLimbs; carry !== 0; i++) {
    // Unreachable while the bound holds: an overflow must not pass silently.
    if (i === dstLimbs) throw new RangeError('explorer: a count passed its bound');
    const sum = dst[to + i]! + 1;
    carry = sum >= LIMB ? 1 : 0;
    dst[to + i] = sum - carry * LIMB;
  }
}

export function toBigInt(src: Float64Array, from: number, limbs: number): bigint {
  let n = 0n;
  for (let i = limbs - 1; i >= 0; i--) n = (n << BigInt(LIMB_BITS)) + BigInt(src[from + i]!);
  return n;
}

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
