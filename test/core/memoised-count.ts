/**
 * An independent model of spec section 5 for runs too large to list one by
 * one: brute force's operations (brute-force.ts) with the count from each
 * state memoised, where a state is everything the rest depends on (each
 * actor's progress, the sink's value, mark and highest token accepted, and
 * whether a stale write was accepted on the way). Plain on purpose: bigint
 * counts and string keys. It stands where the explorer's former general path
 * did, as the reference the two counting paths are pinned to beyond brute
 * force's reach.
 */
import type { SimResult } from '../../src/core/types.js';
import { perform, sequences, type Tally } from './brute-force.js';

interface Sink {
  value: string | null;
  hwm: SimResult['writes'][number]['token'];
  max: SimResult['writes'][number]['token'];
}

/** Per final value and stale flag, the orderings from one state to the end. */
type Ends = Map<string, bigint>;

export function memoisedCount(run: SimResult): Tally {
  const config = run.config;
  const split = config.fencing && config.check === 'split';
  const seqs = sequences(run);
  const memo = new Map<string, Ends>();
  /** `pos[a]`: 2 * next write + 1 when its check passed and the apply is due. */
  const visit = (pos: number[], sink: Sink, stale: boolean): Ends => {
    const key = JSON.stringify([pos, sink, stale]);
    const known = memo.get(key);
    if (known) return known;
    const ends: Ends = new Map();
    let moved = false;
    for (let a = 0; a < seqs.length; a++) {
      const w = seqs[a]![pos[a]! >> 1];
      if (!w) continue;
      moved = true;
      const copy = { ...sink };
      const op = pos[a]! % 2 === 1 ? 'apply' : split ? 'check' : 'write';
      const r = perform(copy, w, op, config);
      const next = [...pos];
      next[a] = r.result === 'passed' ? pos[a]! + 1 : (pos[a]! | 1) + 1;
      for (const [end, n] of visit(next, copy, stale || r.stale)) ends.set(end, (ends.get(end) ?? 0n) + n);
    }
    if (!moved) ends.set(JSON.stringify([sink.value === null ? 'null' : sink.value, stale]), 1n);
    memo.set(key, ends);
    return ends;
  };
  const tally: Tally = { orderings: 0n, finalValues: {}, stale: 0n };
  for (const [end, n] of visit(
    seqs.map(() => 0),
    { value: config.initial, hwm: null, max: null },
    false,
  )) {
    const [value, stale] = JSON.parse(end) as [string, boolean];
    tally.orderings += n;
    tally.finalValues[value] = (tally.finalValues[value] ?? 0n) + n;
    if (stale) tally.stale += n;
  }
  return tally;
}
