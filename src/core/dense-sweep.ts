/**
 * The dense path's hot loop (dense-count.ts): every state, level by level,
 * each of its operations added into the next state's record in place. Only
 * small integers and doubles here (no bigint, no allocation per state): a
 * bigint in this loop made V8 throw its code away and compile it again,
 * which cost more than the loop. The final values' bigint arithmetic is
 * left to the caller, as a list of the landings that settle the sink.
 */
import { type ExploreHooks, hookInterval, reportProgress } from './explorer-hooks.js';
import { settledAt } from './settle.js';

const NONE = -1;
const LIMB = 2 ** 52;

export interface DenseGrid {
  /** Per actor, indexes into `ranks`, in send order. */
  sequences: number[][];
  /** Per write, the rank of its token among the distinct tokens (NONE for no token). */
  ranks: number[];
  fencing: boolean;
  split: boolean;
  /** Per actor, its position when done (2 per write: a check and an apply, or a rejection). */
  ends: number[];
  /** Per actor, what one step of its position adds to the positions' code. */
  codeStrides: number[];
  /** Ranks per positions: token rank + 1 (0 for none). */
  marks: number;
  /** Per level (the sum of positions), the limbs of each of its counts. */
  limbs: number[];
  /** Per actor and position, the highest mark at which a write can still land (settle.ts). */
  blocking: Int32Array[];
  /** Level l's positions' codes are codes[start[l]] to codes[start[l + 1] - 1], increasing; index[code] is the place of a code in its level. */
  codes: Int32Array;
  start: Int32Array;
  index: Int32Array;
  /** Where each level's records start in `records`. */
  base: Float64Array;
  /** Per state (level, then positions, then rank): its count of paths, then of clean paths, each limbs[level] limbs. */
  records: Float64Array;
}

export interface DenseSweep {
  states: number;
  /** Landings that settle the sink, as (record offset, its level, next positions' code, write) quadruples. */
  settled: Int32Array;
  settledLength: number;
}

/**
 * Sweeps every state; throws ExplorationCancelled when the hooks ask.
 *
 * The states of one positions' code differ only in their rank, so what an
 * actor's operation does is worked out once per code and actor (its write,
 * token, where it leads, whether a landing settles the sink), and only
 * which way a check goes, staleness and the next rank per state: most of
 * the work per operation is then an add.
 */
export function denseSweep(g: DenseGrid, hooks: ExploreHooks): DenseSweep {
  const { sequences, ranks, fencing, split, ends, codeStrides, marks, limbs, blocking, codes, start, index, base, records } = g;
  const n = ends.length;
  const last = limbs.length - 1;
  const cur = new Int32Array(n);
  /** The ranks of the current code's reached states. */
  const live = new Int32Array(marks);
  const every = hookInterval(hooks);
  const result: DenseSweep = { states: 0, settled: new Int32Array(4 * 1024), settledLength: 0 };
  let states = 0;

  for (let level = 0; level <= last; level++) {
    const width = limbs[level]!;
    const stride = 2 * width;
    // Where the next two levels' records start, and their counts' limbs.
    const width1 = level + 1 <= last ? limbs[level + 1]! : 0;
    const width2 = level + 2 <= last ? limbs[level + 2]! : 0;
    const base1 = level + 1 <= last ? base[level + 1]! : 0;
    const base2 = level + 2 <= last ? base[level + 2]! : 0;
    for (let i = start[level]!; i < start[level + 1]!; i++) {
      const first = base[level]! + (i - start[level]!) * marks * stride;
      let reached = 0;
      for (let digit = 0; digit < marks; digit++) {
        const at = first + digit * stride;
        if (records[at] === 0 && (width === 1 || !nonZero(records, at, width))) continue;
        live[reached++] = digit;
        states += 1;
        if (every !== 0 && states % every === 0) reportProgress(hooks, states);
      }
      if (reached === 0) continue;
      const code = codes[i]!;
      // Decode the positions; note the two highest blocking marks, so that
      // whether a landing settles the sink is known in constant time.
      let rest = code;
      let top = NONE;
      let topActor = -1;
      let second = NONE;
      for (let a = n - 1; a >= 0; a--) {
        const radix = ends[a]! + 1;
        const p = rest % radix;
        rest = ((rest - p) / radix) | 0;
        cur[a] = p;
        const block = blocking[a]![p]!;
        if (block > top) {
          second = top;
          top = block;
          topActor = a;
        } else if (block > second) second = block;
      }
      for (let a = 0; a < n; a++) {
        const p = cur[a]!;
        if (p === ends[a]) continue;
        const write = sequences[a]![p >> 1]!;
        const rank = ranks[write]!;
        const applies = (p & 1) === 1;
        // An apply moves the position by 1; a check by 1 (passed) or 2 (rejected); a plain or atomic write by 2.
        const row1 = base1 + index[code + codeStrides[a]!]! * marks * 2 * width1;
        const row2 = applies ? 0 : base2 + index[code + 2 * codeStrides[a]!]! * marks * 2 * width2;
        // A landing here sets the mark to this token (with fencing): settled if no write can land above it after.
        const settles = settledAt(Math.max(a === topActor ? second : top, blocking[a]![applies ? p + 1 : p + 2]!), fencing ? rank : NONE);
        for (let j = 0; j < reached; j++) {
          const digit = live[j]!;
          const at = first + digit * stride;
          const rank0 = digit - 1;
          const hwm = fencing ? rank0 : NONE;
          let one: boolean;
          let nextDigit = digit;
          let stale = false;
          if (applies || !fencing || (!split && rank !== NONE && (hwm === NONE || rank >= hwm))) {
            // The write lands: stale if below the highest accepted (rank0 on a clean path).
            one = applies;
            stale = rank !== NONE && rank0 !== NONE && rank < rank0;
            nextDigit = (fencing ? rank : Math.max(rank, rank0)) + 1;
            if (settles) noteSettled(result, at, level, code + (one ? 1 : 2) * codeStrides[a]!, write);
          } else {
            // A check that passes (split: the apply is due), or a rejection.
            one = rank !== NONE && (hwm === NONE || rank >= hwm);
          }
          const hasClean = records[at + width] !== 0 || (width > 1 && nonZero(records, at + width, width));
          const into = one ? width1 : width2;
          const to = (one ? row1 : row2) + nextDigit * 2 * into;
          if (into === 1) {
            // One limb: the level's bound keeps every sum below 2^52.
            records[to] = records[to]! + records[at]!;
            if (hasClean && !stale) records[to + 1] = records[to + 1]! + records[at + 1]!;
          } else {
            addCount(records, to, into, at, width);
            if (hasClean && !stale) addCount(records, to + into, into, at + width, width);
          }
        }
      }
    }
  }
  result.states = states;
  return result;
}

/** Whether a count (`width` limbs at `at`) is not zero. */
function nonZero(records: Float64Array, at: number, width: number): boolean {
  for (let i = 0; i < width; i++) if (records[at + i] !== 0) return true;
  return false;
}

/** Adds a count (`fromWidth` limbs at `from`) into another (`toWidth` >= `fromWidth` limbs at `to`), carrying. */
function addCount(records: Float64Array, to: number, toWidth: number, from: number, fromWidth: number): void {
  let carry = 0;
  for (let i = 0; i < toWidth; i++) {
    const sum = records[to + i]! + (i < fromWidth ? records[from + i]! : 0) + carry;
    carry = sum >= LIMB ? 1 : 0;
    records[to + i] = carry === 1 ? sum - LIMB : sum;
  }
  // Unreachable while the bound holds: an overflow must not pass silently.
  if (carry !== 0) throw new RangeError('explorer: a count passed its bound');
}

function noteSettled(result: DenseSweep, at: number, level: number, nextCode: number, write: number): void {
  if (result.settledLength === result.settled.length) {
    const bigger = new Int32Array(2 * result.settled.length);
    bigger.set(result.settled);
    result.settled = bigger;
  }
  const s = result.settled;
  const i = result.settledLength;
  s[i] = at;
  s[i + 1] = level;
  s[i + 2] = nextCode;
  s[i + 3] = write;
  result.settledLength = i + 4;
}
