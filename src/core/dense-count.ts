/**
 * The explorer's path for every scenario whose states fit one array (issue
 * 18): 6 actors x 4 writes, split, is 2.5 million states and 1.5e29
 * orderings.
 *
 * Why it is kept (issue 32): the goal "6 actors x 4 writes (split) within
 * 2.5 s and 250 MB". The whole `explore --json` process on 6 x 4 takes
 * 1.04 s of CPU with it against 2.18 s with the level path alone (medians
 * of 5, interleaved, 2 cores), so it turns a 13% margin into 58%; peak RSS
 * about 150 MB either way. On 8 to 16 writes it is also 10 to 50 ms of CPU
 * quicker cold than the level path (as quick as the packed path it
 * replaced), inside the 2.5x of `node -e 0` that a user's scenario file may
 * take.
 *
 * A state is each actor's position and one token rank: the mark with
 * fencing (all that decides which checks pass; on an ordering with no stale
 * acceptance it is also the highest token accepted, since every write that
 * lands carries a token at least as high and sets the mark), else the
 * highest token accepted. It carries two counts: the paths reaching it and
 * the clean ones (no stale acceptance on the way). The value the sink holds
 * is not in it: the final value is counted when it settles (settle.ts).
 *
 * Every possible state has a record in one typed array, level by level (the
 * level is the sum of the positions, raised by 1 or 2 by every operation,
 * so a state's counts are complete before it is expanded), and within a
 * level by positions then rank. Adding a path into a state is an add at an
 * offset computed from the positions: no hashing, no probing, no key
 * stored. A level's records are contiguous, so the three levels in use at a
 * time are a few megabytes however large the array (spread over the whole
 * array, the same work took a third longer). The array is bounded
 * (DENSE_BUDGET); a larger scenario goes to the hashed level path
 * (level-count.ts).
 *
 * A record is the count of paths then the count of clean paths, each in as
 * many 52-bit limbs as the level needs (limbs.ts), lowest first.
 */
import { type DenseGrid, denseSweep } from './dense-sweep.js';
import type { ExploreHooks } from './explorer-hooks.js';
import type { LevelInput, LevelTally } from './level-count.js';
import { levelLimbs } from './limbs.js';
import { blockingMarks, rejectionOrderings, settledAt } from './settle.js';

const NONE = -1;
/** Most bytes the records may take (they are committed as they are touched). */
export const DENSE_BUDGET = 192 * 2 ** 20;

interface Shape {
  ends: number[];
  /** Per actor, what one step of its position adds to the positions' code (actor 0 most significant). */
  codeStrides: number[];
  codeCount: number;
  marks: number;
  limbs: number[];
}

function shapeOf(input: LevelInput): Shape {
  const ends = input.sequences.map((q) => 2 * q.length);
  const codeStrides = ends.map(() => 0);
  let codeCount = 1;
  for (let a = ends.length - 1; a >= 0; a--) {
    codeStrides[a] = codeCount;
    codeCount *= ends[a]! + 1;
  }
  return { ends, codeStrides, codeCount, marks: input.tokenCount + 1, limbs: levelLimbs(ends) };
}

/** Bytes of the records: per level, its positions x ranks x two counts x its limbs. */
function recordBytes({ ends, marks, limbs }: Shape): number {
  // Positions per level, without listing them: the coefficients of prod_a (1 + x + ... + x^ends[a]).
  let perLevel = [1];
  for (const e of ends) {
    const next = new Array<number>(perLevel.length + e).fill(0);
    perLevel.forEach((c, l) => {
      for (let p = 0; p <= e; p++) next[l + p] = next[l + p]! + c;
    });
    perLevel = next;
  }
  return perLevel.reduce((sum, c, l) => sum + c * marks * 2 * limbs[l]! * 8, 0);
}

/** Whether a scenario's states fit the dense path's budget. */
export function fitsDense(input: LevelInput): boolean {
  const shape = shapeOf(input);
  // The positions' list and index take 8 bytes per positions too.
  return shape.codeCount * 8 <= DENSE_BUDGET && recordBytes(shape) + shape.codeCount * 8 <= DENSE_BUDGET;
}

/** The positions' codes level by level, in increasing order, and each code's index within its level. */
function codesByLevel(ends: number[], codeCount: number): { codes: Int32Array; start: Int32Array; index: Int32Array } {
  const last = ends.reduce((m, e) => m + e, 0);
  const start = new Int32Array(last + 2);
  const codes = new Int32Array(codeCount);
  const index = new Int32Array(codeCount);
  const levelOfCode = new Int32Array(codeCount);
  // An odometer over every code, keeping the sum of its digits.
  const digits = ends.map(() => 0);
  let sum = 0;
  for (let code = 0; code < codeCount; code++) {
    levelOfCode[code] = sum;
    start[sum + 1] = start[sum + 1]! + 1;
    for (let a = ends.length - 1; a >= 0; a--) {
      if (digits[a]! < ends[a]!) {
        digits[a] = digits[a]! + 1;
        sum += 1;
        break;
      }
      sum -= digits[a]!;
      digits[a] = 0;
    }
  }
  for (let l = 1; l <= last + 1; l++) start[l] = start[l]! + start[l - 1]!;
  const filled = start.slice(0, last + 1);
  for (let code = 0; code < codeCount; code++) {
    const l = levelOfCode[code]!;
    index[code] = filled[l]! - start[l]!;
    codes[filled[l]!++] = code;
  }
  return { codes, start, index };
}

/** Counts every ordering; throws ExplorationCancelled when the hooks ask. */
export function denseCount(input: LevelInput, hooks: ExploreHooks = {}): LevelTally {
  const { sequences, ranks, fencing } = input;
  const shape = shapeOf(input);
  const { ends, codeStrides, marks, limbs } = shape;
  const last = limbs.length - 1;
  const blocking = blockingMarks(sequences, ranks, fencing);
  const { codes, start, index } = codesByLevel(ends, shape.codeCount);
  const base = new Float64Array(last + 2);
  for (let l = 0; l <= last; l++) base[l + 1] = base[l]! + (start[l + 1]! - start[l]!) * marks * 2 * limbs[l]!;
  // Zeroed memory is committed as it is touched: a level's records when it is reached.
  const records = new Float64Array(base[last + 1]!);
  records[0] = 1; // the start: one path, clean (its record is [paths, clean paths])
  records[1] = 1;
  const grid: DenseGrid = { ...input, ends, codeStrides, marks, limbs, blocking, codes, start, index, base, records };
  const sweep = denseSweep(grid, hooks);

  const count = (at: number, l: number, clean: boolean) => {
    let value = 0n;
    const from = clean ? at + limbs[l]! : at;
    for (let i = limbs[l]! - 1; i >= 0; i--) value = (value << 52n) + BigInt(records[from + i]!);
    return value;
  };

  const orderingsLeft = rejectionOrderings(ends, 1, ranks.length);
  const finals: bigint[] = new Array(ranks.length + 1).fill(0n);
  if (settledAt(Math.max(NONE, ...blocking.map((b) => b[0]!)), NONE)) finals[0] = orderingsLeft(0);
  const { settled } = sweep;
  for (let i = 0; i < sweep.settledLength; i += 4) {
    const write = settled[i + 3]!;
    finals[write + 1] = finals[write + 1]! + count(settled[i]!, settled[i + 1]!, false) * orderingsLeft(settled[i + 2]!);
  }
  // The finished states: every position at its end (the one code of the last level), any mark.
  let total = 0n;
  let clean = 0n;
  for (let digit = 0; digit < marks; digit++) {
    const at = base[last]! + digit * 2 * limbs[last]!;
    total += count(at, last, false);
    clean += count(at, last, true);
  }
  return { total, clean, finals, states: sweep.states };
}
