/**
 * The explorer's bound on its own work (issues 18 and 22). Before counting,
 * the explorer computes an upper bound on the states it could visit from the
 * per-actor sequence lengths alone: every combination of positions (2 per
 * write and the end: a check and an apply in split mode) times every pair of
 * mark and highest accepted token that can occur together. A scenario whose
 * bound passes STATE_LIMIT is refused before any work, with the numbers.
 *
 * The same numbers lay out the state key (mixed radix: positions, then the
 * pair), so a key below the limit is a small integer.
 */

/**
 * Upper bound on the states the explorer agrees to visit. The bound is
 * loose (6 actors x 4 writes, split: bound 14.9 million, 2.5 million
 * visited, about 1 s), and it keeps every state key a small integer.
 */
export const STATE_LIMIT = 2 ** 25;

const NONE = -1;

export interface SpaceInput {
  sequences: number[][];
  /** Per write, the rank of its token (NONE for none). */
  ranks: number[];
  tokenCount: number;
  fencing: boolean;
  /** Split check: each write is two operations (check, apply). */
  split: boolean;
}

export interface StateSpace {
  /** Upper bound on the states reachable (positions x mark/highest-accepted pairs). */
  bound: number;
  /** Bits of an upper bound on the orderings (a multinomial of the operation counts). */
  orderingBits: number;
  /** Per actor, what one step of its position adds to the key. */
  strides: number[];
  /** Number of (mark, highest accepted) pairs; the key's lowest digit. */
  pairs: number;
  pairIndex: (hwm: number, maxAccepted: number) => number;
  pairHwm: Int32Array;
  pairMax: Int32Array;
}

/** Thrown (before any counting) when a scenario's state bound passes STATE_LIMIT. */
export class ExplorerLimitError extends Error {
  constructor(
    readonly bound: number,
    readonly limit: number,
    readonly writesPerActor: number[],
  ) {
    super(
      `this scenario is too large to explore: up to ${bound.toLocaleString('en-US')} states ` +
        `(writes per actor: ${writesPerActor.join(', ')}); the explorer's limit is ${limit.toLocaleString('en-US')}. ` +
        'Fix: fewer actors or fewer writes per actor.',
    );
    this.name = 'ExplorerLimitError';
  }
}

export function stateSpace(input: SpaceInput): StateSpace {
  const { sequences, tokenCount, fencing } = input;
  const ranks = tokenCount + 1;
  // With fencing the mark is the last token accepted, never above the highest; without it there is no mark.
  const table = new Int32Array(ranks * ranks).fill(-1);
  const hwms: number[] = [];
  const maxes: number[] = [];
  for (let m = NONE; m < tokenCount; m++) {
    for (let h = NONE; h <= (fencing ? m : NONE); h++) {
      table[(h + 1) * ranks + (m + 1)] = hwms.length;
      hwms.push(h);
      maxes.push(m);
    }
  }
  const pairs = hwms.length;
  const strides = new Array<number>(sequences.length).fill(0);
  let bound = pairs;
  for (let a = sequences.length - 1; a >= 0; a--) {
    strides[a] = bound;
    bound *= 2 * sequences[a]!.length + 1;
  }
  return {
    bound,
    orderingBits: orderingBits(sequences.map((q) => (input.split ? 2 : 1) * q.length)),
    strides,
    pairs,
    pairIndex: (h, m) => table[(h + 1) * ranks + (m + 1)]!,
    pairHwm: Int32Array.from(hwms),
    pairMax: Int32Array.from(maxes),
  };
}

/** Refuses, with the numbers, a scenario whose state bound passes the limit. */
export function checkStateLimit(input: SpaceInput, limit = STATE_LIMIT): StateSpace {
  const space = stateSpace(input);
  if (space.bound > limit)
    throw new ExplorerLimitError(
      space.bound,
      limit,
      input.sequences.map((q) => q.length),
    );
  return space;
}

/** Bit length of multinomial(ops): no count the explorer keeps can be larger. */
function orderingBits(ops: number[]): number {
  let factorial = 1n;
  let sum = 0;
  let divisor = 1n;
  for (const k of ops) {
    for (let i = 1; i <= k; i++) {
      sum += 1;
      factorial *= BigInt(sum);
      divisor *= BigInt(i);
    }
  }
  return (factorial / divisor).toString(2).length;
}
