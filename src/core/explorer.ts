/**
 * The explorer (spec section 5): every interleaving of the actors' sink
 * operations, counted exactly, without listing them.
 *
 * Each actor's writes (those that reached the sink in the timed run, with
 * the tokens it gave) form one sequence in send order: one operation per
 * write (atomic or plain), or a check then, if it passed, an apply (split).
 * The number of orderings from a state depends only on where each actor is
 * in its sequence and on the sink's mark and highest token accepted so far,
 * so the counts are computed once per reachable state: a dozen writes by
 * four actors, tens of billions of orderings, is a few thousand states.
 * Counts are exact beyond 2^53.
 *
 * Two counting paths (issue 32: at most two, each for a goal):
 * - dense-count.ts, one typed array with a record for every possible state:
 *   every scenario whose array fits 192 MB, which is every shipped one and
 *   up to 6 actors x 4 writes (split), the goal it protects (within 2.5 s
 *   and 250 MB: 1.04 s of CPU for the whole process, 2.18 s with the level
 *   path alone);
 * - level-count.ts, a hash table per level holding only the states reached:
 *   the scenarios within the state limit whose array would pass that budget
 *   (many actors, few tokens: 15 actors x 1 write without fencing is
 *   counted in 0.37 s and 55 MB where the array would need about
 *   360 MB). Without it those scenarios, accepted by the limit, would not be
 *   counted within bounded memory.
 * Tests pin both equal to each other, to brute force, and to a memoised
 * model of the spec (test/core/memoised-count.ts).
 */
import { NO_VALUE_KEY } from './display-text.js';
import { denseCount, fitsDense } from './dense-count.js';
import { effectiveConfig, simulate } from './engine.js';
import type { ExploreHooks } from './explorer-hooks.js';
import { checkStateLimit, type StateSpace } from './explorer-limit.js';
import { type LevelTally, levelCount } from './level-count.js';
import { compareTokens } from './token.js';
import type { ConfigOverrides, ExploreResult, Scenario, ScenarioConfig, SimResult, SinkOperation, Token } from './types.js';

const NONE = -1;

/**
 * auto: the dense path when its array fits, else the level path; 'levels'
 * forces the level path (for tests, which pin the two equal).
 */
export type ExplorerPath = 'auto' | 'levels';

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

export class Exploration {
  private readonly writes: OpWrite[] = [];
  /** Per actor, indexes into `writes` in send order. */
  private readonly sequences: number[][] = [];
  private readonly actors: string[] = [];
  private readonly split: boolean;
  private readonly fencing: boolean;
  private readonly tokens: Token[];
  private tally: LevelTally | undefined;
  /** The state limit's numbers, once counted: they key the counterexample's search. */
  private space: StateSpace | undefined;

  constructor(
    run: Pick<SimResult, 'writes'>,
    private readonly config: ScenarioConfig,
    /** Which counting path: tests force one to check it against the other. */
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

  /** The operation an actor can perform next from a state, if any (to find the counterexample). */
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

  private initial(): State {
    return { pos: this.actors.map(() => 0), value: NONE, hwm: NONE, maxAccepted: NONE };
  }

  /** Refuses a scenario past the state limit, then counts: the dense path when its array fits, else the level path. */
  private counts(): LevelTally {
    if (this.tally) return this.tally;
    const input = {
      sequences: this.sequences,
      ranks: this.writes.map((w) => w.rank),
      tokenCount: this.tokens.length,
      fencing: this.fencing,
      split: this.split,
    };
    const space = checkStateLimit(input);
    this.space = space;
    this.tally = this.path === 'auto' && fitsDense(input) ? denseCount(input, this.hooks) : levelCount(input, this.hooks, space);
    return this.tally;
  }

  /** Number of distinct states counted (for measurements). */
  get statesVisited(): number {
    return this.counts().states;
  }

  result(scenario: string): ExploreResult {
    const tally = this.counts();
    const finalValues: Record<string, bigint> = {};
    tally.finals.forEach((n, i) => {
      if (n === 0n) return;
      const value = i === 0 ? this.config.initial : this.writes[i - 1]!.value;
      const key = value === null ? NO_VALUE_KEY : value;
      finalValues[key] = (finalValues[key] ?? 0n) + n;
    });
    return {
      scenario,
      config: { ...this.config },
      orderings: tally.total,
      finalValues,
      orderingsWithStaleAcceptance: tally.total - tally.clean,
      counterexample: tally.total === tally.clean ? null : this.counterexample(this.space!),
    };
  }

  /**
   * One violating ordering, the first in actor order (actors as they first
   * sent): depth first to the first stale acceptance, then each actor
   * finishes in turn. Asked only when the counts say one exists. A state
   * from which no stale acceptance can be reached is noted (the value the
   * sink holds does not matter for that) and not searched again, so no
   * state is searched twice; the key is the state limit's (below 2^25).
   */
  private counterexample(space: StateSpace): SinkOperation[] {
    const path: { from: State; step: Step }[] = [];
    const dead = new Set<number>();
    const keyOf = (s: State) => s.pos.reduce((k, p, a) => k + p * space.strides[a]!, space.pairIndex(s.hwm, s.maxAccepted));
    const search = (s: State): boolean => {
      for (let a = 0; a < this.actors.length; a++) {
        const step = this.stepOf(s, a);
        if (!step) continue;
        path.push({ from: s, step });
        if (step.stale) return true;
        const key = keyOf(step.next);
        if (!dead.has(key)) {
          if (search(step.next)) return true;
          dead.add(key);
        }
        path.pop();
      }
      return false;
    };
    if (!search(this.initial())) throw new Error('explorer: counted a stale acceptance but found no ordering with one');
    let s = path.at(-1)!.step.next;
    for (let a = 0; a < this.actors.length; a++) {
      for (let step = this.stepOf(s, a); step; step = this.stepOf(s, a)) {
        path.push({ from: s, step });
        s = step.next;
      }
    }
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
