/**
 * The explorer's path for scenarios whose states do not fit the dense
 * path's array (dense-count.ts, tried first): counts past 2^53 without a
 * bigint or a Map per state, in a hash table per level.
 *
 * Why it is kept (issue 32): the goal "counts exact" for every scenario the
 * state limit accepts. Many actors with few tokens stay within the limit
 * while an array for every possible state would not fit: 15 actors x 1 write
 * without fencing is counted here in 0.37 s and 55 MB, where the dense array
 * would take about 360 MB (and a Map of every state with its value 4.4 s and
 * 154 MB).
 *
 * A state is only what the next operations depend on: each actor's position,
 * the mark and the highest token accepted so far. The value the sink holds
 * and whether a stale acceptance happened on the way are not in it (they
 * multiplied the states by about ten); instead:
 * - each state carries two counts, the paths reaching it and the clean paths
 *   (no stale acceptance on the way), merged when states meet;
 * - the final value is known as soon as no write can land any more (every
 *   operation left is a rejection, which changes nothing but positions): a
 *   write that lands into such a state is the final one, on
 *   multinomial(writes left per actor) orderings from there.
 * Counts are multi-limb integers (28-bit limbs, as many as the bound on the
 * orderings needs) in typed arrays, so the heap holds no per-state objects.
 * States are taken level by level (the sum of positions, raised by 1 or 2 by
 * every operation); a level's table is dropped once it is expanded.
 */
import { type ExploreHooks, hookInterval, reportProgress } from './explorer-hooks.js';
import { type StateSpace, stateSpace } from './explorer-limit.js';
import { LevelTable, type TablePool } from './level-table.js';
import { blockingMarks, rejectionOrderings, settledAt } from './settle.js';

const NONE = -1;
const LIMB_BITS = 28;
const LIMB_MASK = 2 ** LIMB_BITS - 1;

export interface LevelInput {
  /** Per actor, indexes into `ranks`, in send order. */
  sequences: number[][];
  /** Per write, the rank of its token among the distinct tokens (NONE for no token). */
  ranks: number[];
  tokenCount: number;
  fencing: boolean;
  split: boolean;
}

export interface LevelTally {
  total: bigint;
  clean: bigint;
  /** Orderings ending with each value: index 0 for the initial value, i + 1 for write i. */
  finals: bigint[];
  states: number;
}

/** Adds `limbs` limbs at `from` in `src` into `to` in `dst`. */
function addInto(dst: Int32Array, to: number, src: Int32Array, from: number, limbs: number): void {
  let carry = 0;
  for (let i = 0; i < limbs; i++) {
    const sum = dst[to + i]! + src[from + i]! + carry;
    carry = sum >>> LIMB_BITS;
    dst[to + i] = sum & LIMB_MASK;
  }
}

function toBigInt(src: Int32Array, from: number, limbs: number): bigint {
  let n = 0n;
  for (let i = limbs - 1; i >= 0; i--) n = (n << BigInt(LIMB_BITS)) + BigInt(src[from + i]!);
  return n;
}

/** Counts every ordering; throws ExplorationCancelled when the hooks ask. */
export function levelCount(input: LevelInput, hooks: ExploreHooks = {}, space: StateSpace = stateSpace(input)): LevelTally {
  const { sequences, ranks, fencing, split } = input;
  const n = sequences.length;
  const ends = sequences.map((q) => 2 * q.length);
  const { strides, pairs, pairIndex, pairHwm, pairMax } = space;
  const limbs = Math.max(1, Math.ceil(space.orderingBits / LIMB_BITS));
  const blocking = blockingMarks(sequences, ranks, fencing);
  const orderingsLeft = rejectionOrderings(ends, pairs, ranks.length);
  const cur = new Int32Array(n);

  const last = ends.reduce((m, e) => m + e, 0);
  const levels: (LevelTable | undefined)[] = new Array(last + 1);
  const pool: TablePool = [];
  const root = new LevelTable(limbs, pool, 1);
  const rootKey = pairIndex(NONE, NONE);
  const rootAt = root.find(rootKey);
  root.table[rootAt + 1] = 1;
  root.table[rootAt + 1 + limbs] = 1;
  levels[0] = root;
  const finals: bigint[] = new Array(ranks.length + 1).fill(0n);
  if (settledAt(Math.max(NONE, ...blocking.map((b) => b[0]!)), NONE)) finals[0] = orderingsLeft(rootKey);
  let total = 0n;
  let clean = 0n;
  let states = 0;
  const every = hookInterval(hooks);

  for (let progress = 0; progress <= last; progress++) {
    const level = levels[progress];
    if (!level) continue;
    const counts = level.table;
    const stride = level.stride;
    // A new level is sized like this one: neighbouring levels are of similar size.
    const expected = Math.max(256, level.size);
    for (let record = 0; record < counts.length; record += stride) {
      if (counts[record] === 0) continue;
      states += 1;
      if (every !== 0 && states % every === 0) reportProgress(hooks, states);
      const key = counts[record]! - 1;
      const at = record + 1;
      const pair = key % pairs;
      const hwm = pairHwm[pair]!;
      const maxAcc = pairMax[pair]!;
      // Decode the positions; note the two highest blocking marks, so that
      // whether a landing settles the sink is known in constant time.
      let rest = Math.floor(key / pairs);
      let top = NONE;
      let topActor = -1;
      let second = NONE;
      for (let a = n - 1; a >= 0; a--) {
        const radix = ends[a]! + 1;
        const p = rest % radix;
        rest = Math.floor(rest / radix);
        cur[a] = p;
        const block = blocking[a]![p]!;
        if (block > top) {
          second = top;
          top = block;
          topActor = a;
        } else if (block > second) second = block;
      }
      let finished = true;
      for (let a = 0; a < n; a++) {
        const p = cur[a]!;
        if (p === ends[a]) continue;
        finished = false;
        const write = sequences[a]![p >> 1]!;
        const rank = ranks[write]!;
        let next: number;
        let dp: number;
        let settles = false;
        let stale = false;
        if ((p & 1) === 1 || !fencing || (!split && rank !== NONE && (hwm === NONE || rank >= hwm))) {
          // The write lands; it is the final value if nothing can land after it.
          stale = rank !== NONE && maxAcc !== NONE && rank < maxAcc;
          dp = (p & 1) === 1 ? 1 : 2;
          const newHwm = fencing ? rank : hwm;
          settles = settledAt(Math.max(a === topActor ? second : top, blocking[a]![p + dp]!), newHwm);
          const newPair = pairIndex(newHwm, Math.max(rank, maxAcc));
          next = key - pair + newPair + dp * strides[a]!;
        } else {
          dp = rank !== NONE && (hwm === NONE || rank >= hwm) ? 1 : 2;
          next = key + dp * strides[a]!;
        }
        let target = levels[progress + dp];
        if (!target) {
          target = new LevelTable(limbs, pool, expected);
          levels[progress + dp] = target;
        }
        const into = target.find(next) + 1;
        const tc = target.table;
        addInto(tc, into, counts, at, limbs);
        if (!stale) addInto(tc, into + limbs, counts, at + limbs, limbs);
        if (settles) finals[write + 1] = finals[write + 1]! + toBigInt(counts, at, limbs) * orderingsLeft(next);
      }
      if (finished) {
        total += toBigInt(counts, at, limbs);
        clean += toBigInt(counts, at + limbs, limbs);
      }
    }
    level.release();
  }
  return { total, clean, finals, states };
}
