/**
 * The explorer's path for large scenarios (issue 18): counts past 2^53
 * without a bigint or a Map per state.
 *
 * Two sweeps over the states, level by level (the sum of the actors'
 * positions, raised by 1 or 2 by every operation), each state carrying one
 * count of the paths reaching it:
 * - every ordering: a state is each actor's position and the mark, which is
 *   all that decides which checks pass next. The value the sink holds is not
 *   in it (it multiplied the states by about ten): the final value is known
 *   as soon as no write can land any more (every operation left is a
 *   rejection, which changes nothing but positions), so a write that lands
 *   into such a state is the final one, on multinomial(writes left per
 *   actor) orderings from there.
 * - the clean orderings (no stale acceptance on the way): only operations
 *   that are not stale are followed. On such a path the highest token
 *   accepted is the mark whenever fencing is on (every write that lands
 *   carries a token at least as high, and sets the mark), so a state is the
 *   positions and the highest token accepted. The first stale acceptance met
 *   gives the counterexample.
 * Two sweeps instead of two counts per state halve the memory the large
 * sweep touches per operation, which is what it costs; the clean sweep is
 * the smaller (6 actors x 4 writes: 531,441 states against 2,480,122).
 *
 * Counts are multi-limb integers (52-bit limbs in doubles, as many as the
 * bound on the paths into a level needs: the deep levels need more) in
 * typed arrays, so the heap holds no per-state objects. A level's counts are
 * dropped once it is expanded; the clean sweep keeps its parent links, for
 * the counterexample.
 */
import { type ExploreHooks, hookInterval, reportProgress } from './explorer-hooks.js';
import { type StateSpace, stateSpace } from './explorer-limit.js';
import { addInto, levelLimbs, toBigInt } from './limbs.js';
import { LevelTable, type TablePool } from './level-table.js';

const NONE = -1;
/** Above any token rank: a write that will land whatever the mark. */
const BLOCKS = 2 ** 30;

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
  /** States counted by both sweeps. */
  states: number;
  /** The actors that moved, in order, up to and including one stale acceptance; null if none. */
  path: number[] | null;
}

/**
 * What both sweeps share. A key is the positions in mixed radix (actor 0
 * most significant), then one token rank + 1 (0 for none): the mark in the
 * sweep of every ordering, the highest token accepted in the clean one.
 */
interface Layout extends LevelInput {
  n: number;
  /** Per actor, its position when done (2 per write: a check and an apply, or a rejection). */
  ends: number[];
  last: number;
  /** Per actor, what one step of its position adds to the key. */
  strides: number[];
  /** The key's lowest digit: token rank + 1. */
  marks: number;
  /** Per actor and position, the highest token rank that can still land, NONE or BLOCKS (see below). */
  blocking: Int32Array[];
  /** Per level, the limbs its counts need. */
  limbs: number[];
  /** Orderings of the rejections left from a settled state. */
  orderingsLeft: (key: number) => bigint;
  hooks: ExploreHooks;
  every: number;
}

interface Sweep {
  total: bigint;
  finals: bigint[];
  states: number;
  stale: { level: number; key: number; actor: number } | null;
  levels: (LevelTable | undefined)[];
}

/** Counts every ordering; throws ExplorationCancelled when the hooks ask. */
export function levelCount(input: LevelInput, hooks: ExploreHooks = {}, space: StateSpace = stateSpace(input)): LevelTally {
  const n = input.sequences.length;
  // The keys here are at most the bound's (one rank instead of a pair of them).
  if (space.bound * 2 * n >= 2 ** 31) throw new RangeError(`explorer: ${space.bound} states do not fit the level path's links; keep to STATE_LIMIT`);
  const layout = layOut(input, hooks);
  const every = sweep(layout, false, 0);
  const clean = sweep(layout, true, every.states);
  return { total: every.total, clean: clean.total, finals: every.finals, states: clean.states, path: clean.stale && pathTo(clean.levels, clean.stale, n) };
}

function layOut(input: LevelInput, hooks: ExploreHooks): Layout {
  const { sequences, ranks, fencing } = input;
  const n = sequences.length;
  const ends = sequences.map((q) => 2 * q.length);
  const marks = input.tokenCount + 1;
  const strides = new Array<number>(n).fill(0);
  let stride = marks;
  for (let a = n - 1; a >= 0; a--) {
    strides[a] = stride;
    stride *= ends[a]! + 1;
  }
  // Per actor and position, the lowest mark at which no write of the actor
  // can land any more, less one: NONE when none can land at any mark (done,
  // or only writes without a token left), BLOCKS when one will land anyway
  // (an apply is due, or no fencing), else the highest token rank left.
  const blocking = sequences.map((q, a) => {
    const block = new Int32Array(2 * q.length + 1).fill(NONE);
    for (let p = 2 * q.length - 1; p >= 0; p--) {
      if ((p & 1) === 1 || !fencing) block[p] = BLOCKS;
      else block[p] = Math.max(ranks[sequences[a]![p >> 1]!]!, block[p + 2]!);
    }
    return block;
  });
  const factorials: bigint[] = [1n];
  for (let i = 1; i <= ranks.length; i++) factorials.push(factorials[i - 1]! * BigInt(i));
  const leftCache = new Map<number, bigint>();
  /** multinomial(writes left per actor): the orderings of the rejections left from a settled state. */
  const orderingsLeft = (key: number): bigint => {
    const positions = key - (key % marks);
    const cached = leftCache.get(positions);
    if (cached !== undefined) return cached;
    let rest = Math.floor(key / marks);
    let sum = 0;
    let divisor = 1n;
    for (let a = n - 1; a >= 0; a--) {
      const radix = ends[a]! + 1;
      const k = (ends[a]! - (rest % radix)) >> 1;
      rest = Math.floor(rest / radix);
      sum += k;
      divisor *= factorials[k]!;
    }
    const orderings = factorials[sum]! / divisor;
    leftCache.set(positions, orderings);
    return orderings;
  };
  const last = ends.reduce((m, e) => m + e, 0);
  return { ...input, n, ends, last, strides, marks, blocking, limbs: levelLimbs(ends), orderingsLeft, hooks, every: hookInterval(hooks) };
}

const settledAt = (block: number, hwm: number) => block === NONE || block < hwm;

/**
 * One sweep, level by level: every ordering (`clean` false: counts, final
 * values) or the clean ones (`clean` true: counts, parent links, the first
 * stale acceptance). One loop for both, locals only: it is the hot path.
 */
function sweep(g: Layout, clean: boolean, statesBefore: number): Sweep {
  const { n, ends, sequences, ranks, fencing, split, strides, marks, blocking, hooks, every } = g;
  const levels: (LevelTable | undefined)[] = new Array(g.last + 1);
  const pool: TablePool = [];
  const root = new LevelTable(g.limbs[0]!, clean, pool, 1);
  const rootKey = 0; // every position 0, no token
  root.table[root.find(rootKey, -1) + root.head] = 1;
  levels[0] = root;
  const finals: bigint[] = clean ? [] : new Array(ranks.length + 1).fill(0n);
  if (!clean && settledAt(Math.max(NONE, ...blocking.map((b) => b[0]!)), NONE)) finals[0] = g.orderingsLeft(rootKey);
  const cur = new Int32Array(n);
  let total = 0n;
  let states = statesBefore;
  let stale: Sweep['stale'] = null;

  for (let progress = 0; progress <= g.last; progress++) {
    const level = levels[progress];
    if (!level) continue;
    const counts = level.table;
    const { stride, head, limbs } = level;
    // A new level is sized like this one: neighbouring levels are of similar size.
    const expected = Math.max(256, level.size);
    for (let record = 0; record < counts.length; record += stride) {
      const stored = counts[record]!;
      if (stored === 0) continue;
      states += 1;
      if (every !== 0 && states % every === 0) reportProgress(hooks, states);
      // An integer (below 2^25): kept a small integer, never a boxed double.
      const key = (stored - 1) | 0;
      const at = record + head;
      const rank0 = (key % marks) - 1;
      // The mark (every ordering), or the highest token accepted (clean: with fencing, the mark too).
      const hwm = fencing ? rank0 : NONE;
      // Decode the positions; note the two highest blocking marks, so that
      // whether a landing settles the sink is known in constant time.
      let rest = Math.floor(key / marks);
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
        if ((p & 1) === 1 || !fencing || (!split && rank !== NONE && (hwm === NONE || rank >= hwm))) {
          // The write lands.
          dp = (p & 1) === 1 ? 1 : 2;
          let newRank: number;
          if (clean) {
            if (rank !== NONE && rank0 !== NONE && rank < rank0) {
              stale ??= { level: progress, key, actor: a };
              continue;
            }
            newRank = Math.max(rank, rank0);
          } else {
            // It is the final value if nothing can land after it.
            newRank = fencing ? rank : NONE;
            settles = settledAt(Math.max(a === topActor ? second : top, blocking[a]![p + dp]!), newRank);
          }
          next = key - rank0 + newRank + dp * strides[a]!;
        } else {
          // A check that passes (split: the apply is due), or a rejection.
          dp = rank !== NONE && (hwm === NONE || rank >= hwm) ? 1 : 2;
          next = key + dp * strides[a]!;
        }
        let target = levels[progress + dp];
        if (!target) {
          target = new LevelTable(g.limbs[progress + dp]!, clean, pool, expected);
          levels[progress + dp] = target;
        }
        // The link fits an Int32: keys are below the state limit (2^25), and
        // within it there are at most 15 actors (3^15 positions), so 2n <= 30.
        const into = target.find(next, key * 2 * n + (dp - 1) * n + a) + target.head;
        addInto(target.table, into, target.limbs, counts, at, limbs);
        if (settles) finals[write + 1] = finals[write + 1]! + toBigInt(counts, at, limbs) * g.orderingsLeft(next);
      }
      if (finished) total += toBigInt(counts, at, limbs);
    }
    level.release();
  }
  return { total, finals, states, stale, levels };
}

/** The movers from the start to a state, then the one that made the stale acceptance. */
function pathTo(levels: (LevelTable | undefined)[], end: { level: number; key: number; actor: number }, n: number): number[] {
  const movers = [end.actor];
  let level = end.level;
  let key = end.key;
  while (level > 0) {
    const link = levels[level]!.parentOf(key);
    const actor = link % n;
    const dp = Math.floor(link / n) % 2 === 1 ? 2 : 1;
    movers.push(actor);
    key = Math.floor(link / (2 * n));
    level -= dp;
  }
  return movers.reverse();
}
