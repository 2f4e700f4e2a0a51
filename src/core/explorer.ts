/**
 * The explorer (spec section 5): every interleaving of the actors' sink
 * operations, counted exactly, without listing them.
 *
 * Each actor's writes (those that reached the sink in the timed run, with
 * the tokens it gave) form one sequence in send order: one operation per
 * write (atomic or plain), or a check then, if it passed, an apply (split).
 * The number of orderings from a state depends only on where each actor is
 * in its sequence and on what the sink holds (value, mark, highest token
 * accepted so far), so the counts are computed once per reachable state and
 * memoised: a dozen writes by four actors, tens of billions of orderings,
 * is a few thousand states. Counts are bigints, exact beyond 2^53.
 */
import { effectiveConfig, simulate } from './engine.js';
import { compareTokens } from './token.js';
import type { ConfigOverrides, ExploreResult, Scenario, ScenarioConfig, SimResult, SinkOperation, Token } from './types.js';

const NONE = -1;

interface OpWrite {
  actor: string;
  value: string;
  token: Token | null;
  /** Rank of the token among the distinct tokens (NONE for no token): compares like the token. */
  rank: number;
}

interface State {
  /** Per actor: 2 * write index + (1 when its check passed and the apply is due). */
  pos: number[];
  /** Index of the write whose value the sink holds, NONE for the initial value. */
  value: number;
  /** Rank of the mark, NONE for no mark. */
  hwm: number;
  /** Rank of the highest token accepted so far, NONE if none (for stale acceptances). */
  maxAccepted: number;
}

interface Step {
  op: SinkOperation['op'];
  result: SinkOperation['result'];
  stale: boolean;
  next: State;
  write: number;
}

/** Thrown when a count no longer fits a double exactly: the count restarts with bigints. */
class Overflow extends Error {}

interface Entry<N> {
  state: State;
  /** A stale acceptance happened on the way here. */
  stale: boolean;
  count: N;
  /** How it was first reached, for the counterexample. */
  parent: Entry<N> | null;
  step: Step | null;
}

interface Tally<N> {
  total: N;
  clean: N;
  finals: N[];
  /** A terminal entry reached through a stale acceptance, if any. */
  violating: Entry<N> | null;
  states: number;
}

export class Exploration {
  private readonly writes: OpWrite[] = [];
  /** Per actor, indexes into `writes` in send order. */
  private readonly sequences: number[][] = [];
  private readonly actors: string[] = [];
  private readonly split: boolean;
  private readonly fencing: boolean;
  private readonly tokens: Token[];
  private tally: Tally<bigint> | undefined;
  private violating: Entry<unknown> | null = null;
  /** From the fast path: the actors that moved, in order, along a violating ordering. */
  private violatingPath: number[] | null = null;

  constructor(
    run: Pick<SimResult, 'writes'>,
    private readonly config: ScenarioConfig,
  ) {
    this.fencing = config.fencing;
    this.split = config.fencing && config.check === 'split';
    const distinct = new Map<string, Token>();
    for (const w of run.writes) if (w.token) distinct.set(`${w.token[0]}:${w.token[1]}`, w.token);
    this.tokens = [...distinct.values()].sort(compareTokens);
    const rankOf = (t: Token | null) => (t === null ? NONE : this.tokens.findIndex((x) => compareTokens(x, t) === 0));
    const bySend = [...run.writes].sort((a, b) => a.sendIndex - b.sendIndex);
    for (const w of bySend) {
      let a = this.actors.indexOf(w.actor);
      if (a === -1) {
        a = this.actors.push(w.actor) - 1;
        this.sequences.push([]);
      }
      this.sequences[a]!.push(this.writes.length);
      this.writes.push({ actor: w.actor, value: w.value, token: w.token, rank: rankOf(w.token) });
    }
  }

  private done(s: State): boolean {
    return s.pos.every((p, a) => p === 2 * this.sequences[a]!.length);
  }

  /** The operation an actor can perform next from a state, if any. */
  private stepOf(s: State, a: number): Step | undefined {
    const p = s.pos[a]!;
    const seq = this.sequences[a]!;
    if (p === 2 * seq.length) return undefined;
    const index = seq[p >> 1]!;
    const w = this.writes[index]!;
    const pos = [...s.pos];
    const land = (op: 'write' | 'apply', result: 'accepted' | 'applied'): Step => {
      pos[a] = p + (p % 2 === 0 ? 2 : 1);
      const stale = w.rank !== NONE && s.maxAccepted !== NONE && w.rank < s.maxAccepted;
      const next: State = {
        pos,
        value: index,
        hwm: this.fencing ? w.rank : NONE,
        maxAccepted: Math.max(s.maxAccepted, w.rank),
      };
      return { op, result, stale, next, write: index };
    };
    if (p % 2 === 1) return land('apply', 'applied');
    const passes = !this.fencing || (w.rank !== NONE && (s.hwm === NONE || w.rank >= s.hwm));
    if (!passes) {
      pos[a] = p + 2;
      return { op: this.split ? 'check' : 'write', result: 'rejected', stale: false, next: { ...s, pos }, write: index };
    }
    if (this.split) {
      pos[a] = p + 1;
      return { op: 'check', result: 'passed', stale: false, next: { ...s, pos }, write: index };
    }
    return land('write', 'accepted');
  }

  /**
   * Counts paths forward through the state graph. States are taken in order
   * of progress (the sum of positions, which every operation raises), so a
   * state's count is complete before it is expanded. `add` is plain `+`;
   * with doubles it throws Overflow past 2^53.
   */
  private count<N>(zero: N, one: N, add: (a: N, b: N) => N): Tally<N> {
    const radix = this.sequences.map((q) => 2 * q.length + 1);
    const ranks = this.tokens.length + 1;
    const space = radix.reduce((m, r) => m * r, (this.writes.length + 1) * ranks * ranks * 2);
    const numeric = Number.isSafeInteger(space);
    const keyOf = (s: State, stale: boolean): number | string => {
      if (!numeric) return `${s.pos.join(',')}|${s.value}|${s.hwm}|${s.maxAccepted}|${stale ? 1 : 0}`;
      let k = 0;
      for (let a = 0; a < s.pos.length; a++) k = k * radix[a]! + s.pos[a]!;
      return (((k * (this.writes.length + 1) + s.value + 1) * ranks + s.hwm + 1) * ranks + s.maxAccepted + 1) * 2 + (stale ? 1 : 0);
    };
    const last = radix.reduce((m, r) => m + r - 1, 0);
    const buckets: Map<number | string, Entry<N>>[] = [];
    for (let i = 0; i <= last; i++) buckets.push(new Map());
    const root: Entry<N> = { state: this.initial(), stale: false, count: one, parent: null, step: null };
    buckets[0]!.set(keyOf(root.state, false), root);
    const tally: Tally<N> = { total: zero, clean: zero, finals: this.writes.map(() => zero).concat([zero]), violating: null, states: 0 };
    for (let progress = 0; progress <= last; progress++) {
      for (const entry of buckets[progress]!.values()) {
        tally.states += 1;
        const { state, count } = entry;
        if (this.done(state)) {
          tally.total = add(tally.total, count);
          if (!entry.stale) tally.clean = add(tally.clean, count);
          else tally.violating ??= entry;
          tally.finals[state.value + 1] = add(tally.finals[state.value + 1]!, count);
          continue;
        }
        for (let a = 0; a < this.actors.length; a++) {
          const step = this.stepOf(state, a);
          if (!step) continue;
          const stale = entry.stale || step.stale;
          const key = keyOf(step.next, stale);
          const bucket = buckets[progress + (step.next.pos[a]! - state.pos[a]!)]!;
          const seen = bucket.get(key);
          if (seen) seen.count = add(seen.count, count);
          else bucket.set(key, { state: step.next, stale, count, parent: entry, step });
        }
      }
      buckets[progress]!.clear();
    }
    return tally;
  }

  /**
   * The fast path: the whole state (positions, value, mark, highest
   * accepted, stale flag) packed into one integer key in mixed radix, so a
   * step is a few additions; counts are doubles in flat arrays, found by key
   * through one Map.
   * Returns undefined when the keys would not fit 2^53; throws Overflow when
   * a count would not.
   */
  private fastCount(): { tally: Tally<number>; path: number[] | null } | undefined {
    const n = this.actors.length;
    const ranks = this.tokens.length + 1;
    const radix = this.sequences.map((q) => 2 * q.length + 1);
    // Weights, lowest first: stale flag, maxAccepted, hwm, value, then each actor's position.
    const wMax = 2;
    const wHwm = wMax * ranks;
    const wVal = wHwm * ranks;
    const wPos: number[] = [];
    let w = wVal * (this.writes.length + 1);
    for (let a = n - 1; a >= 0; a--) {
      wPos[a] = w;
      w *= radix[a]!;
    }
    if (!Number.isSafeInteger(w)) return undefined;
    const ends = this.sequences.map((q) => 2 * q.length);
    const rankOf = this.writes.map((x) => x.rank);
    const seqs = this.sequences;
    const fencing = this.fencing;
    const split = this.split;
    const last = ends.reduce((m, e) => m + e, 0);
    // Every state once: its key, its count of paths from the start, and how it
    // was first reached (parent entry and mover in one number), in flat arrays;
    // `levels` lists the entries by progress (sum of positions).
    const keys: number[] = [0];
    const counts: number[] = [1];
    const parent: number[] = [-1];
    const index = new Map<number, number>([[0, 0]]);
    const levels: number[][] = [];
    for (let i = 0; i <= last; i++) levels.push([]);
    levels[0]!.push(0);
    const width = this.writes.length + 1;
    const finals = new Array<number>(width).fill(0);
    let total = 0;
    let clean = 0;
    let violating = -1;
    const max = Number.MAX_SAFE_INTEGER;
    for (let progress = 0; progress <= last; progress++) {
      const level = levels[progress]!;
      for (let e = 0; e < level.length; e++) {
        const id = level[e]!;
        const key = keys[id]!;
        const count = counts[id]!;
        const stale = key % 2;
        const maxAcc = (Math.floor(key / wMax) % ranks) - 1;
        const hwm = (Math.floor(key / wHwm) % ranks) - 1;
        const value = (Math.floor(key / wVal) % width) - 1;
        let finished = true;
        for (let a = 0; a < n; a++) {
          const p = Math.floor(key / wPos[a]!) % radix[a]!;
          if (p === ends[a]) continue;
          finished = false;
          const write = seqs[a]![p >> 1]!;
          const rank = rankOf[write]!;
          let next: number;
          let dp: number;
          if (p % 2 === 1 || !fencing || (!split && rank !== NONE && (hwm === NONE || rank >= hwm))) {
            // The write lands: an apply (split), or an accepted atomic or plain write.
            const isStale = rank !== NONE && maxAcc !== NONE && rank < maxAcc ? 1 : 0;
            const newMax = Math.max(rank, maxAcc);
            const newHwm = fencing ? rank : hwm;
            dp = p % 2 === 1 ? 1 : 2;
            next =
              key +
              dp * wPos[a]! +
              (write - value) * wVal +
              (newHwm - hwm) * wHwm +
              (newMax - maxAcc) * wMax +
              (isStale && !stale ? 1 : 0);
          } else {
            // A check that passes (split: the apply is due), or a rejection.
            dp = rank !== NONE && (hwm === NONE || rank >= hwm) ? 1 : 2;
            next = key + dp * wPos[a]!;
          }
          const seen = index.get(next);
          if (seen === undefined) {
            const fresh = keys.length;
            keys.push(next);
            counts.push(count);
            parent.push(id * n + a);
            index.set(next, fresh);
            levels[progress + dp]!.push(fresh);
          } else {
            const sum = counts[seen]! + count;
            if (sum > max) throw new Overflow('counts past 2^53');
            counts[seen] = sum;
          }
        }
        if (finished) {
          total += count;
          if (total > max) throw new Overflow('counts past 2^53');
          if (stale === 0) clean += count;
          else if (violating === -1) violating = id;
          finals[value + 1] = finals[value + 1]! + count;
        }
      }
    }
    const states = keys.length;
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
    return { tally: { total, clean, finals, violating: null, states }, path };
  }

  private initial(): State {
    return { pos: this.actors.map(() => 0), value: NONE, hwm: NONE, maxAccepted: NONE };
  }

  /** Doubles while every count fits exactly (below 2^53); bigints after that. */
  private counts(): Tally<bigint> {
    if (this.tally) return this.tally;
    let fast: ReturnType<Exploration['fastCount']>;
    try {
      fast = this.fastCount();
    } catch (err) {
      if (!(err instanceof Overflow)) throw err;
    }
    if (fast) {
      const t = fast.tally;
      this.tally = { total: BigInt(t.total), clean: BigInt(t.clean), finals: t.finals.map((n) => BigInt(n)), violating: null, states: t.states };
      this.violatingPath = fast.path;
    } else {
      this.tally = this.count<bigint>(0n, 1n, (a, b) => a + b);
      this.violating = this.tally.violating;
    }
    return this.tally;
  }

  /** Number of distinct states counted (for measurements). */
  get statesVisited(): number {
    return this.counts().states;
  }

  result(scenario: string): ExploreResult {
    const root = this.counts();
    const finalValues: Record<string, bigint> = {};
    root.finals.forEach((n, i) => {
      if (n === 0n) return;
      const value = i === 0 ? this.config.initial : this.writes[i - 1]!.value;
      const key = value === null ? 'null' : value;
      finalValues[key] = (finalValues[key] ?? 0n) + n;
    });
    return {
      scenario,
      config: { ...this.config },
      orderings: root.total,
      finalValues,
      orderingsWithStaleAcceptance: root.total - root.clean,
      counterexample: this.violatingPath
        ? this.replay(this.violatingPath)
        : this.violating
          ? this.counterexample(this.violating)
          : null,
    };
  }

  /** Replays the actors' moves from the start as sink operations. */
  private replay(movers: number[]): SinkOperation[] {
    const path: { from: State; step: Step }[] = [];
    let s = this.initial();
    for (const a of movers) {
      const step = this.stepOf(s, a)!;
      path.push({ from: s, step });
      s = step.next;
    }
    return this.operations(path);
  }

  /** The ordering that first reached a violating end, as sink operations. */
  private counterexample(end: Entry<unknown>): SinkOperation[] {
    const path: { from: State; step: Step }[] = [];
    for (let e: Entry<unknown> | null = end; e?.parent && e.step; e = e.parent) path.push({ from: e.parent.state, step: e.step });
    path.reverse();
    return this.operations(path);
  }

  private operations(path: { from: State; step: Step }[]): SinkOperation[] {
    return path.map(({ from, step }) => {
      const w = this.writes[step.write]!;
      const op: SinkOperation = {
        actor: w.actor,
        value: w.value,
        token: w.token,
        op: step.op,
        result: step.result,
        hwm: this.fencing ? (from.hwm === NONE ? null : this.tokens[from.hwm]!) : null,
      };
      if (step.stale) op.stale = true;
      return op;
    });
  }
}

/** Explores the orderings of a timed run's writes. */
export function exploreRun(run: SimResult): ExploreResult {
  return new Exploration(run, run.config).result(run.scenario);
}

/** Runs the scenario once (for its tokens) and explores the orderings of its writes. */
export function explore(scenario: Scenario, overrides: ConfigOverrides = {}): ExploreResult {
  const run = simulate(scenario, overrides);
  return new Exploration(run, effectiveConfig(scenario, overrides)).result(scenario.id);
}
