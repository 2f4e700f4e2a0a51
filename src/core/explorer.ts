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

interface Counts {
  total: bigint;
  /** Completions with no stale acceptance. */
  clean: bigint;
  /** Per final value index + 1 (0 is the initial value): completions ending there. */
  finals: bigint[];
}

interface Step {
  op: SinkOperation['op'];
  result: SinkOperation['result'];
  stale: boolean;
  next: State;
  write: number;
}

export class Exploration {
  private readonly writes: OpWrite[] = [];
  /** Per actor, indexes into `writes` in send order. */
  private readonly sequences: number[][] = [];
  private readonly actors: string[] = [];
  private readonly memo = new Map<string, Counts>();
  private readonly split: boolean;
  private readonly fencing: boolean;
  private readonly tokens: Token[];

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

  private key(s: State): string {
    return `${s.pos.join(',')}|${s.value}|${s.hwm}|${s.maxAccepted}`;
  }

  private done(s: State): boolean {
    return s.pos.every((p, a) => p === 2 * this.sequences[a]!.length);
  }

  /** The operations an actor can perform next from a state (zero or one). */
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

  private counts(s: State): Counts {
    const k = this.key(s);
    const hit = this.memo.get(k);
    if (hit) return hit;
    let result: Counts;
    if (this.done(s)) {
      const finals = new Array<bigint>(this.writes.length + 1).fill(0n);
      finals[s.value + 1] = 1n;
      result = { total: 1n, clean: 1n, finals };
    } else {
      const finals = new Array<bigint>(this.writes.length + 1).fill(0n);
      let total = 0n;
      let clean = 0n;
      for (let a = 0; a < this.actors.length; a++) {
        const step = this.stepOf(s, a);
        if (!step) continue;
        const c = this.counts(step.next);
        total += c.total;
        if (!step.stale) clean += c.clean;
        for (let i = 0; i < finals.length; i++) finals[i]! += c.finals[i]!;
      }
      result = { total, clean, finals };
    }
    this.memo.set(k, result);
    return result;
  }

  private initial(): State {
    return { pos: this.actors.map(() => 0), value: NONE, hwm: NONE, maxAccepted: NONE };
  }

  /** Number of distinct states visited (for measurements). */
  get statesVisited(): number {
    return this.memo.size;
  }

  result(scenario: string): ExploreResult {
    const root = this.counts(this.initial());
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
      counterexample: root.clean < root.total ? this.counterexample() : null,
    };
  }

  /** One violating ordering: follow steps whose subtree still holds a violation. */
  private counterexample(): SinkOperation[] {
    const ops: SinkOperation[] = [];
    let s = this.initial();
    let violated = false;
    while (!this.done(s)) {
      let chosen: Step | undefined;
      for (let a = 0; a < this.actors.length && !chosen; a++) {
        const step = this.stepOf(s, a);
        if (!step) continue;
        if (violated || step.stale) chosen = step;
        else {
          const c = this.counts(step.next);
          if (c.clean < c.total) chosen = step;
        }
      }
      if (!chosen) throw new Error('explorer: no violating continuation (a bug)');
      const w = this.writes[chosen.write]!;
      const op: SinkOperation = {
        actor: w.actor,
        value: w.value,
        token: w.token,
        op: chosen.op,
        result: chosen.result,
        hwm: this.fencing ? (s.hwm === NONE ? null : this.tokens[s.hwm]!) : null,
      };
      if (chosen.stale) op.stale = true;
      ops.push(op);
      violated ||= chosen.stale;
      s = chosen.next;
    }
    return ops;
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
