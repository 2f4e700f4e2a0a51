/**
 * The explorer's fast path: counts every interleaving of the actors' sink
 * operations when the whole state fits 30 bits.
 *
 * The state (stale flag, highest token accepted, mark, value, each actor's
 * position) is packed into one small integer, so decoding and stepping are
 * shifts and masks that never leave V8's small-integer range. Every state is
 * kept once in typed arrays, whose storage lies outside the garbage-collected
 * heap, and found by key through an open-addressing table of its own; each
 * count is two small integers. For a process that counts once and exits
 * (`explore --json`), a Map's growing tables and every number the
 * interpreter boxes (a double count, a wide key) are garbage, and collecting
 * it cost more than the counting: this way the twelve-write fixture allocates
 * about 70 kB on the heap instead of 865 kB, and the process runs no
 * collection at all. One flat loop, locals only: measured faster here, cold,
 * than the same work split into methods.
 */

import { type ExploreHooks, hookInterval, reportProgress } from './explorer-hooks.js';

const NONE = -1;
/** A count is high * LOW_LIMIT + low; past HIGH_LIMIT * LOW_LIMIT (2^53) it no longer fits a double. */
const LOW_LIMIT = 2 ** 26;
const HIGH_LIMIT = 2 ** 27;

/** What the explorer knows of the writes. */
export interface PackedInput {
  /** Per actor, indexes into `ranks`, in send order. */
  sequences: number[][];
  /** Per write, the rank of its token among the distinct tokens (NONE for no token). */
  ranks: number[];
  tokenCount: number;
  fencing: boolean;
  /** Fencing on and the check split from the write. */
  split: boolean;
}

export interface PackedTally {
  total: number;
  clean: number;
  /** Orderings ending with each value: index 0 for the initial value, i + 1 for write i. */
  finals: number[];
  states: number;
  /** The actors that moved, in order, along one violating ordering, or null. */
  path: number[] | null;
}

/** Thrown when a count would pass 2^53: the caller counts again with bigints. */
export class PackedOverflow extends Error {}

const bitsFor = (values: number) => Math.max(1, Math.ceil(Math.log2(values)));

/** Counts, or returns undefined when the state does not fit 30 bits; throws PackedOverflow past 2^53. */
export function packedCount(input: PackedInput, hooks: ExploreHooks = {}): PackedTally | undefined {
  const n = input.sequences.length;
  const width = input.ranks.length + 1;
  // Fields, lowest bits first; each stores its value + 1, so NONE is 0 and
  // the initial state's key is 0.
  const rankBits = bitsFor(input.tokenCount + 1);
  const rankMask = (1 << rankBits) - 1;
  const atMax = 1;
  const atHwm = atMax + rankBits;
  const atVal = atHwm + rankBits;
  const valMask = (1 << bitsFor(width)) - 1;
  const atPos: number[] = [];
  const posMask: number[] = [];
  let bits = atVal + bitsFor(width);
  for (const q of input.sequences) {
    const b = bitsFor(2 * q.length + 1);
    atPos.push(bits);
    posMask.push((1 << b) - 1);
    bits += b;
  }
  if (bits > 30) return undefined;
  // What a write that lands rewrites: the actor's position, value, mark, highest accepted.
  const landMask = atPos.map((at, a) => ~((posMask[a]! << at) | (valMask << atVal) | (rankMask << atHwm) | (rankMask << atMax)));
  const ends = input.sequences.map((q) => 2 * q.length);
  const rankOf = input.ranks;
  const seqs = input.sequences;
  const { fencing, split } = input;
  const last = ends.reduce((m, e) => m + e, 0);

  // Per state: key, paths from the start, how it was first reached (parent
  // state * n + mover), and the next state of the same progress (-1 ends).
  let capacity = 1024;
  let keys = new Int32Array(capacity);
  // Counts as two small integers, high * 2^26 + low, so the interpreter
  // never boxes a double: each boxed number is garbage, and a process that
  // counts once and exits pays for every collection.
  let countHigh = new Int32Array(capacity);
  let countLow = new Int32Array(capacity);
  let parent = new Int32Array(capacity);
  let link = new Int32Array(capacity);
  // Key -> state + 1 (0: empty), twice the capacity, by Fibonacci hashing.
  let slots = new Int32Array(2 * capacity);
  let slotMask = 2 * capacity - 1;
  let slotShift = 32 - Math.log2(2 * capacity);
  // States by progress (the sum of positions, which every operation
  // raises), so a state's count is complete before it is expanded.
  const head = new Int32Array(last + 1).fill(-1);
  const tail = new Int32Array(last + 1).fill(-1);
  let size = 1;
  countLow[0] = 1;
  parent[0] = -1;
  link[0] = -1;
  head[0] = 0;
  tail[0] = 0;
  slots[0] = 1; // key 0 hashes to slot 0

  const finals = new Array<number>(width).fill(0);
  let total = 0;
  let clean = 0;
  let violating = -1;
  const max = Number.MAX_SAFE_INTEGER;
  const every = hookInterval(hooks);
  let visited = 0;
  for (let progress = 0; progress <= last; progress++) {
    for (let id = head[progress]!; id !== -1; id = link[id]!) {
      if (every !== 0 && ++visited % every === 0) reportProgress(hooks, visited);
      const key = keys[id]!;
      const high = countHigh[id]!;
      const low = countLow[id]!;
      const stale = key & 1;
      const maxAcc = ((key >> atMax) & rankMask) - 1;
      const hwm = ((key >> atHwm) & rankMask) - 1;
      let finished = true;
      for (let a = 0; a < n; a++) {
        const p = (key >> atPos[a]!) & posMask[a]!;
        if (p === ends[a]) continue;
        finished = false;
        const write = seqs[a]![p >> 1]!;
        const rank = rankOf[write]!;
        let next: number;
        let dp: number;
        if ((p & 1) === 1 || !fencing || (!split && rank !== NONE && (hwm === NONE || rank >= hwm))) {
          // The write lands: an apply (split), or an accepted atomic or plain write.
          const isStale = rank !== NONE && maxAcc !== NONE && rank < maxAcc ? 1 : 0;
          const newMax = Math.max(rank, maxAcc);
          const newHwm = fencing ? rank : hwm;
          dp = (p & 1) === 1 ? 1 : 2;
          next = (key & landMask[a]!) | ((p + dp) << atPos[a]!) | ((write + 1) << atVal) | ((newHwm + 1) << atHwm) | ((newMax + 1) << atMax) | isStale;
        } else {
          // A check that passes (split: the apply is due), or a rejection.
          dp = rank !== NONE && (hwm === NONE || rank >= hwm) ? 1 : 2;
          next = key + (dp << atPos[a]!);
        }
        let slot = Math.imul(next, 0x9e3779b1) >>> slotShift;
        let seen = slots[slot]! - 1;
        while (seen !== -1 && keys[seen] !== next) {
          slot = (slot + 1) & slotMask;
          seen = slots[slot]! - 1;
        }
        if (seen !== -1) {
          let sumLow = countLow[seen]! + low;
          let sumHigh = countHigh[seen]! + high;
          if (sumLow >= LOW_LIMIT) {
            sumLow -= LOW_LIMIT;
            sumHigh += 1;
          }
          if (sumHigh >= HIGH_LIMIT) throw new PackedOverflow('counts past 2^53');
          countLow[seen] = sumLow;
          countHigh[seen] = sumHigh;
          continue;
        }
        if (size === capacity) {
          capacity *= 2;
          keys = grown(keys, capacity);
          countHigh = grown(countHigh, capacity);
          countLow = grown(countLow, capacity);
          parent = grown(parent, capacity);
          link = grown(link, capacity);
          slots = new Int32Array(2 * capacity);
          slotMask = 2 * capacity - 1;
          slotShift -= 1;
          for (let s = 0; s < size; s++) {
            let at = Math.imul(keys[s]!, 0x9e3779b1) >>> slotShift;
            while (slots[at] !== 0) at = (at + 1) & slotMask;
            slots[at] = s + 1;
          }
          slot = Math.imul(next, 0x9e3779b1) >>> slotShift;
          while (slots[slot] !== 0) slot = (slot + 1) & slotMask;
        }
        const fresh = size++;
        keys[fresh] = next;
        countHigh[fresh] = high;
        countLow[fresh] = low;
        parent[fresh] = id * n + a;
        link[fresh] = -1;
        slots[slot] = fresh + 1;
        const level = progress + dp;
        if (head[level] === -1) head[level] = fresh;
        else link[tail[level]!] = fresh;
        tail[level] = fresh;
      }
      if (finished) {
        const count = high * LOW_LIMIT + low;
        total += count;
        if (total > max) throw new PackedOverflow('counts past 2^53');
        if (stale === 0) clean += count;
        else if (violating === -1) violating = id;
        const value = ((key >> atVal) & valMask) - 1;
        finals[value + 1] = finals[value + 1]! + count;
      }
    }
  }
  let path: number[] | null = null;
  if (violating !== -1) {
    path = [];
    for (let id = violating; id !== 0; ) {
      const p = parent[id]!;
      path.push(p % n);
      id = Math.floor(p / n);
    }
    path.reverse();
  }
  return { total, clean, finals, states: size, path };
}

/** A copy of a typed array with room for `capacity` elements. */
function grown<T extends Int32Array | Float64Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}
