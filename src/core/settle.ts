/**
 * When the sink's final value is settled, for the level paths
 * (level-count.ts, dense-count.ts): once no write can land any more, every
 * operation left is a rejection, which changes nothing but positions, so a
 * write that lands into such a state is the final value on every ordering of
 * the rejections left: multinomial(writes left per actor) of them.
 */

const NONE = -1;
/** Above any token rank: a write that will land whatever the mark. */
const BLOCKS = 2 ** 30;

/**
 * Per actor and position, the lowest mark at which no write of the actor
 * can land any more, less one: NONE when none can land at any mark (done,
 * or only writes without a token left), BLOCKS when one will land anyway
 * (an apply is due, or no fencing), else the highest token rank left.
 */
export function blockingMarks(sequences: number[][], ranks: number[], fencing: boolean): Int32Array[] {
  return sequences.map((q) => {
    const block = new Int32Array(2 * q.length + 1).fill(NONE);
    for (let p = 2 * q.length - 1; p >= 0; p--) {
      if ((p & 1) === 1 || !fencing) block[p] = BLOCKS;
      else block[p] = Math.max(ranks[q[p >> 1]!]!, block[p + 2]!);
    }
    return block;
  });
}

/** No write can land any more when the highest blocking mark is below the mark. */
export const settledAt = (block: number, hwm: number): boolean => block === NONE || block < hwm;

/**
 * The orderings of the rejections left from a state, by its key: the
 * positions in mixed radix (actor 0 most significant; actor a's digit runs
 * to ends[a]) above a lowest digit of `low` values. Memoised per positions.
 */
export function rejectionOrderings(ends: number[], low: number, writes: number): (key: number) => bigint {
  const n = ends.length;
  const factorials: bigint[] = [1n];
  for (let i = 1; i <= writes; i++) factorials.push(factorials[i - 1]! * BigInt(i));
  const cache = new Map<number, bigint>();
  return (key: number): bigint => {
    const positions = key - (key % low);
    const cached = cache.get(positions);
    if (cached !== undefined) return cached;
    let rest = Math.floor(key / low);
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
    cache.set(positions, orderings);
    return orderings;
  };
}
