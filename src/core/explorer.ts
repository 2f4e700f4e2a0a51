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
import { NO_VALUE_KEY } from './display-text.js';
import { effectiveConfig, simulate } from './engine.js';
import { type ExploreHooks, hookInterval, reportProgress } from './explorer-hooks.js';
import { checkStateLimit } from './explorer-limit.js';
import { denseCount, fitsDense } from './dense-count.js';
import { levelCount } from './level-count.js';
import { PackedOverflow, packedCount } from './packed-count.js';
import { compareTokens } from './token.js';
import type { ConfigOverrides, ExploreResult, Scenario, ScenarioConfig, SimResult, SinkOperation, Token } from './types.js';

const NONE = -1;

/**
 * auto: the packed path when it can hold the counts, else the dense path
 * when its array fits, else the (hashed) level path; the others force one
 * (for tests; 'dense' still falls back when its array would not fit).
 */
export type ExplorerPath = 'auto' | 'dense' | 'levels' | 'general';

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
    /** Which counting path: tests force one to check it against the others. */
    private readonly path: ExplorerPath = 'auto',
    private readonly hooks: ExploreHooks = {},
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
   * state's count is complete before it is expanded. The general path,
   * with bigint counts: used when the packed path (packed-count.ts) cannot
   * hold the state or its counts pass 2^53.
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
    const every = hookInterval(this.hooks);
    for (let progress = 0; progress <= last; progress++) {
      for (const entry of buckets[progress]!.values()) {
        tally.states += 1;
        if (every !== 0 && tally.states % every === 0) reportProgress(this.hooks, tally.states);
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

  private initial(): State {
    return { pos: this.actors.map(() => 0), value: NONE, hwm: NONE, maxAccepted: NONE };
  }

  /**
   * Refuses a scenario past the state limit, then counts: the packed path
   * (doubles, one small-integer key) while every count fits below 2^53 and
   * the state fits 30 bits, else the dense path (multi-limb counts in one
   * array) when it fits its budget, else the level path (multi-limb counts
   * in hash tables).
   */
  private counts(): Tally<bigint> {
    if (this.tally) return this.tally;
    const input = {
      sequences: this.sequences,
      ranks: this.writes.map((w) => w.rank),
      tokenCount: this.tokens.length,
      fencing: this.fencing,
      split: this.split,
    };
    const space = checkStateLimit(input);
    if (this.path === 'general') {
      this.tally = this.count<bigint>(0n, 1n, (a, b) => a + b);
      this.violating = this.tally.violating;
      return this.tally;
    }
    if (this.path === 'auto' && space.orderingBits <= 53) {
      try {
        const fast = packedCount(input, this.hooks);
        if (fast) {
          this.tally = {
            total: BigInt(fast.total),
            clean: BigInt(fast.clean),
            finals: fast.finals.map((n) => BigInt(n)),
            violating: null,
            states: fast.states,
          };
          this.violatingPath = fast.path;
          return this.tally;
        }
      } catch (err) {
        if (!(err instanceof PackedOverflow)) throw err;
      }
    }
    const levels = this.path !== 'levels' && fitsDense(input) ? denseCount(input, this.hooks) : levelCount(input, this.hooks, space);
    this.tally = { total: levels.total, clean: levels.clean, finals: levels.finals, violating: null, states: levels.states };
    this.violatingPath = levels.path;
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
      const key = value === null ? NO_VALUE_KEY : value;
      finalValues[key] = (finalValues[key] ?? 0n) + n;
    });
    return {
      scenario,
      config: { ...this.config },
      orderings: root.total,
      finalValues,
      orderingsWithStaleAcceptance: root.total - root.clean,
      counterexample: this.violatingPath ? this.replay(this.violatingPath) : this.violating ? this.counterexample(this.violating) : null,
    };
  }

  /** Replays the actors' moves from the start as sink operations, then lets each actor finish in turn. */
  private replay(movers: number[]): SinkOperation[] {
    const path: { from: State; step: Step }[] = [];
    let s = this.initial();
    const move = (a: number) => {
      const step = this.stepOf(s, a)!;
      path.push({ from: s, step });
      s = step.next;
    };
    for (const a of movers) move(a);
    for (let a = 0; a < this.actors.length; a++) while (s.pos[a]! < 2 * this.sequences[a]!.length) move(a);
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

/**
 * Explores the orderings of a timed run's writes. Throws ExplorerLimitError
 * (before counting) past the state limit, and ExplorationCancelled when
 * `hooks.shouldCancel` returns true.
 */
export function exploreRun(run: SimResult, hooks: ExploreHooks = {}): ExploreResult {
  return new Exploration(run, run.config, 'auto', hooks).result(run.scenario);
}

/** Runs the scenario once (for its tokens) and explores the orderings of its writes (throws as exploreRun). */
export function explore(scenario: Scenario, overrides: ConfigOverrides = {}, hooks: ExploreHooks = {}): ExploreResult {
  const run = simulate(scenario, overrides);
  return new Exploration(run, effectiveConfig(scenario, overrides), 'auto', hooks).result(scenario.id);
}
