/**
 * An independent, deliberately naive model of spec section 5: list every
 * interleaving of the actors' sink operations one by one. Exponential: only
 * for small runs, to check the explorer's counts.
 */
import type { ScenarioConfig, SimResult, SinkOperation, Token } from '../../src/core/types.js';

const lower = (a: Token, b: Token) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

interface Sink {
  value: string | null;
  hwm: Token | null;
  /** Highest token accepted so far. */
  max: Token | null;
}

export interface Tally {
  orderings: bigint;
  finalValues: Record<string, bigint>;
  stale: bigint;
}

type W = SimResult['writes'][number];

/** Per actor, its writes in send order. */
export function sequences(run: SimResult): W[][] {
  const by = new Map<string, W[]>();
  for (const w of [...run.writes].sort((a, b) => a.sendIndex - b.sendIndex)) {
    if (!by.has(w.actor)) by.set(w.actor, []);
    by.get(w.actor)!.push(w);
  }
  return [...by.values()];
}

/** Performs one operation on the sink; returns the verdict and whether it was a stale acceptance. */
export function perform(sink: Sink, w: W, op: 'write' | 'check' | 'apply', config: ScenarioConfig): { result: SinkOperation['result']; stale: boolean } {
  const land = () => {
    const stale = w.token !== null && sink.max !== null && lower(w.token, sink.max);
    sink.value = w.value;
    if (config.fencing) sink.hwm = w.token;
    if (w.token && (!sink.max || lower(sink.max, w.token))) sink.max = w.token;
    return stale;
  };
  if (op === 'apply') return { result: 'applied', stale: land() };
  const passes = !config.fencing || (w.token !== null && (sink.hwm === null || !lower(w.token, sink.hwm)));
  if (!passes) return { result: 'rejected', stale: false };
  if (op === 'check') return { result: 'passed', stale: false };
  return { result: 'accepted', stale: land() };
}

export function bruteForce(run: SimResult): Tally {
  const config = run.config;
  const split = config.fencing && config.check === 'split';
  const seqs = sequences(run);
  const tally: Tally = { orderings: 0n, finalValues: {}, stale: 0n };
  // Per actor: next write index, and whether its check passed (apply due).
  const next = seqs.map(() => 0);
  const applyDue = seqs.map(() => false);
  const visit = (sink: Sink, stale: boolean) => {
    let moved = false;
    for (let a = 0; a < seqs.length; a++) {
      const w = seqs[a]![next[a]!];
      if (!w) continue;
      moved = true;
      const copy = { ...sink };
      const op = applyDue[a] ? 'apply' : split ? 'check' : 'write';
      const r = perform(copy, w, op, config);
      const saved = [next[a]!, applyDue[a]!] as const;
      if (r.result === 'passed') applyDue[a] = true;
      else {
        applyDue[a] = false;
        next[a] = next[a]! + 1;
      }
      visit(copy, stale || r.stale);
      [next[a], applyDue[a]] = saved;
    }
    if (!moved) {
      tally.orderings += 1n;
      const key = sink.value === null ? 'null' : sink.value;
      tally.finalValues[key] = (tally.finalValues[key] ?? 0n) + 1n;
      if (stale) tally.stale += 1n;
    }
  };
  visit({ value: config.initial, hwm: null, max: null }, false);
  return tally;
}

/** Replays a counterexample against the naive model; throws on any mismatch, returns whether it violates. */
export function replay(run: SimResult, ops: readonly SinkOperation[]): boolean {
  const config = run.config;
  const split = config.fencing && config.check === 'split';
  const seqs = new Map(sequences(run).map((s) => [s[0]!.actor, s]));
  const next = new Map([...seqs.keys()].map((a) => [a, 0]));
  const applyDue = new Set<string>();
  const sink: Sink = { value: config.initial, hwm: null, max: null };
  let violated = false;
  for (const o of ops) {
    const w = seqs.get(o.actor)?.[next.get(o.actor)!];
    if (!w) throw new Error(`${o.actor} has no write left for ${JSON.stringify(o)}`);
    if (w.value !== o.value || JSON.stringify(w.token) !== JSON.stringify(o.token)) throw new Error(`out of order: ${JSON.stringify(o)}`);
    const expectedOp = applyDue.has(o.actor) ? 'apply' : split ? 'check' : 'write';
    if (o.op !== expectedOp) throw new Error(`expected ${expectedOp}, got ${JSON.stringify(o)}`);
    const r = perform(sink, w, o.op, config);
    if (r.result !== o.result) throw new Error(`expected ${r.result}, got ${JSON.stringify(o)}`);
    if (r.stale !== Boolean(o.stale)) throw new Error(`stale mismatch at ${JSON.stringify(o)}`);
    violated ||= r.stale;
    if (r.result === 'passed') applyDue.add(o.actor);
    else {
      applyDue.delete(o.actor);
      next.set(o.actor, next.get(o.actor)! + 1);
    }
  }
  for (const [a, s] of seqs) if (next.get(a) !== s.length) throw new Error(`${a}'s writes are not all in the ordering`);
  return violated;
}
