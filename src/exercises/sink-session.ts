/**
 * The tutor's side of the learner's sink process: starts it (with its own
 * temporary HOME and data dir), gives it fresh databases, and drives a
 * scenario call by call: every request's database calls are held at the
 * gate, and a schedule says whose call runs next. Each wait has the check's
 * time limit: a hang or an infinite loop is killed and reported as such.
 */
import { withSyntaxLocation } from './child/learner-errors.js';
import { makeDirs } from '../platform/make-dirs.js';
import { dirname, join } from 'node:path';
import { sanitizeText } from '../core/neutralise.js';
import { MAX_CALLS_PER_REQUEST } from './adversary.js';
import { captureOutput } from './captured-output.js';
import { show } from './scenario.js';
import type { SinkChildCommand, SinkChildMessage } from './child-protocol.js';
import type { StepInfo } from './child/db-handle.js';
import type { ExerciseMachinery, SinkChild } from './ports.js';
import type { TrialItem } from './scenario.js';
import { LEARNER_NODE_OPTIONS, OVER_MEMORY } from '../platform/memory-watch.js';
import type { SinkAnswer, SinkRequest, SinkState, StepRecord, TrialRun } from './types.js';
import { errorMessage } from '../platform/error-message.js';
import type { DistributiveOmit } from '../platform/json-fields.js';

/**
 * The learner's child gets a HOME and data dir of its own under the check's
 * temporary root, and only the environment it needs (no NODE_OPTIONS of ours).
 */
export function learnerHome(tempRoot: string): { home: string; env: NodeJS.ProcessEnv } {
  const home = join(tempRoot, 'home');
  makeDirs(join(home, 'data'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    FENCE_TUTOR_HOME: join(home, 'data'),
    TMPDIR: home,
    // V8's heap cap for the sink and every node process it starts; the tutor also watches the sink's resident memory.
    NODE_OPTIONS: LEARNER_NODE_OPTIONS,
    LANG: process.env.LANG ?? 'C.UTF-8',
  };
  return { home, env };
}

export class LoadError extends Error {}
export class TimeLimitError extends Error {}
/** The learner's sink process ended by itself (process.exit, a crash of the process): not a hang. */
export class SinkExited extends Error {}

/** How a child's end reads in a sentence: its exit code, or the signal that killed it. */
export function sinkExitWords(code: number | null): string {
  return code === null ? 'killed by a signal' : `exit code ${code}`;
}

export interface Choice {
  chosen: number;
  options: number;
}

/** One call the learner's sink made on the database, as its child reported it. */
type SinkCall = StepInfo;

interface RequestState {
  index: number;
  /** `blocked`: a statement let go waits on a lock another request holds (PostgreSQL); the schedule goes on without it. */
  phase: 'running' | 'parked' | 'blocked' | 'finished';
  step?: SinkCall;
  calls: number;
  answer?: SinkAnswer;
  /** An ungated request's calls, as it reported them with its answer. */
  ranSteps?: SinkCall[];
}

export class SinkSession {
  private child: SinkChild | undefined;
  private states = new Map<string, RequestState>();
  private wake: (() => void) | undefined;
  private dbPath = '';
  private trial = 0;
  private exitCode: number | null = null;
  /** Statements seen waiting on a lock since the schedule last looked, for the run's steps. */
  private blockedSteps: StepRecord[] = [];
  readonly output: string[] = [];

  constructor(
    private readonly machinery: ExerciseMachinery,
    private readonly file: string,
    private readonly requires: string[],
    private readonly tempRoot: string,
    readonly timeLimitMs: number,
    /** postgres-sink: the server's URL (a schema per trial there), else a SQLite file per trial. */
    private readonly postgresUrl?: () => Promise<string>,
  ) {}

  async start(): Promise<void> {
    const { home, env } = learnerHome(this.tempRoot);
    // The learner's folder and this check's temp root, nothing else (docs/exercises.md: a guard against accidents).
    const files = { read: [dirname(this.file), this.tempRoot], write: [this.tempRoot] };
    const database = this.postgresUrl ? ['--database', 'postgres'] : [];
    const child = this.machinery.startSinkChild(['--file', this.file, '--requires', this.requires.join(','), ...database], env, home, files);
    this.child = child;
    child.on((m) => this.onMessage(m));
    // A sink that ends by itself (the learner's process.exit) is told at once, not waited on as a hang.
    void child.exited.then((code) => {
      if (this.child !== child) return;
      this.exitCode = code;
      this.wake?.();
    });
    let ready: Extract<SinkChildMessage, { ev: 'ready' | 'failed' }>;
    try {
      ready = await child.waitFor(['ready', 'failed'], Math.max(10_000, this.timeLimitMs));
    } catch (err) {
      throw new LoadError(`your sink did not start: ${errorMessage(err)}`);
    }
    if (ready.ev === 'failed') throw new LoadError(withSyntaxLocation(ready.message, this.file));
  }

  async restart(): Promise<void> {
    if (this.child) await this.machinery.killGroup(this.child);
    this.child = undefined;
    await this.start();
  }

  /** A fresh database for the next trial: a SQLite file, or a schema on the PostgreSQL server. */
  async openFresh(): Promise<void> {
    this.trial += 1;
    this.dbPath = this.postgresUrl ? `trial_${this.trial}` : join(this.tempRoot, `trial-${this.trial}.sqlite`);
    await this.open();
  }

  private async open(): Promise<void> {
    const url = this.postgresUrl ? await this.postgresUrl() : undefined;
    const reply = await this.ask({ op: 'open', db: this.dbPath, ...(url === undefined ? {} : { url }) });
    if (reply.ev === 'threw') throw new LearnerThrew(`setup(db) threw: ${reply.error}`);
  }

  async state(): Promise<SinkState> {
    const reply = await this.ask({ op: 'state' });
    if (reply.ev !== 'state') throw new Error(`the sink's state could not be read: ${reply.ev === 'error' ? reply.message : `"${reply.ev}"`}`);
    return { value: reply.value, mark: reply.mark };
  }

  /** Runs `items` on the open database, choosing at each choice point by `schedule` (default: the first). */
  async run(items: TrialItem[], schedule: number[]): Promise<{ run: TrialRun; choices: Choice[]; capped: string[] }> {
    const requests: SinkRequest[] = [];
    const answers: (SinkAnswer | undefined)[] = [];
    const steps: StepRecord[] = [];
    const sentAt: number[] = [];
    const answeredAt: number[] = [];
    const choices: Choice[] = [];
    const capped = new Set<string>();
    let restarts = 0;
    const probes: SinkState[] = [];
    for (const item of items) {
      if ('probe' in item) {
        probes.push(await this.state());
        continue;
      }
      if ('restart' in item) {
        await this.restart();
        await this.open();
        restarts += 1;
        steps.push({ request: -1, op: 'restart' });
        continue;
      }
      const base = requests.length;
      requests.push(...item.send);
      this.states.clear();
      this.blockedSteps = [];
      // A request alone in flight, with no kill planned, has no interleaving to choose: its calls run
      // straight through (two messages instead of two per call) and are reported with its answer.
      const gated = item.send.length > 1 || item.killAfterCalls !== undefined;
      item.send.forEach((req, k) => {
        const name = `r${base + k}`;
        this.states.set(name, { index: base + k, phase: 'running', calls: 0 });
        sentAt[base + k] = steps.length;
        const args = req.fn === 'register' ? [req.token] : [{ writer: req.writer, value: req.value, token: req.token, requestId: req.requestId ?? null }];
        this.child!.send({ op: 'call', req: name, fn: req.fn, args, gated });
      });
      let killed = false;
      for (;;) {
        await this.settle().catch((err: unknown) => {
          throw err instanceof TimeLimitError ? new TimeLimitError(`${err.message}; still in your code: ${this.stillRunning(requests)}`) : err;
        });
        steps.push(...this.blockedSteps.splice(0));
        const parked = [...this.states.entries()].filter(([, s]) => s.phase === 'parked');
        if (parked.length === 0) break;
        const first = this.states.get(`r${base}`)!;
        if (item.killAfterCalls !== undefined && first.phase === 'parked' && first.calls >= item.killAfterCalls) {
          await this.restart();
          await this.open();
          restarts += 1;
          steps.push({ request: -1, op: 'kill' });
          killed = true;
          break;
        }
        let pick = 0;
        // A request past the cap on calls runs on without choice points (the search says so).
        const over = parked.findIndex(([, s]) => s.calls >= MAX_CALLS_PER_REQUEST);
        if (parked.length > 1 && over >= 0) {
          pick = over;
          capped.add(requestWords(requests[parked[over]![1].index]!));
        } else if (parked.length > 1) {
          pick = Math.min(schedule[choices.length] ?? 0, parked.length - 1);
          choices.push({ chosen: pick, options: parked.length });
        }
        const [name, state] = parked[pick]!;
        steps.push({ request: state.index, op: state.step?.op ?? '?', ...(state.step?.sql ? { sql: state.step.sql } : {}) });
        state.phase = 'running';
        state.calls += 1;
        this.child!.send({ op: 'go', req: name });
      }
      for (const state of this.states.values()) {
        for (const s of state.ranSteps ?? []) steps.push({ request: state.index, op: s.op, ...(s.sql ? { sql: s.sql } : {}) });
        answers[state.index] = killed && state.phase !== 'finished' ? undefined : state.answer;
        answeredAt[state.index] = steps.length;
      }
    }
    const final = await this.state();
    return {
      run: { requests, answers, steps, final, sentAt, answeredAt, ...(probes.length ? { probes } : {}), ...(restarts ? { restarts } : {}) },
      choices,
      capped: [...capped],
    };
  }

  async close(): Promise<void> {
    if (this.child) await this.machinery.killGroup(this.child);
    this.child = undefined;
  }

  /**
   * Waits until no request is running (each is held at a call, or has answered), and, while one waits
   * on a lock, until another is held (it holds the lock) or the lock is released.
   */
  private async settle(): Promise<void> {
    const busy = () => {
      const phases = [...this.states.values()].map((s) => s.phase);
      return phases.includes('running') || (phases.includes('blocked') && !phases.includes('parked'));
    };
    if (!busy()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        reject(new TimeLimitError(`no answer within ${this.timeLimitMs} ms`));
      }, this.timeLimitMs);
      this.wake = () => {
        if (busy() && this.child?.alive) return;
        clearTimeout(timer);
        this.wake = undefined;
        if (!this.child?.alive) reject(this.exitedError());
        else resolve();
      };
    });
  }

  private async ask(command: DistributiveOmit<Extract<SinkChildCommand, { op: 'open' | 'state' }>, 'id'>): Promise<SinkChildMessage> {
    try {
      return await this.child!.request(command, Math.max(this.timeLimitMs, 2000));
    } catch (err) {
      if (this.child && !this.child.alive) throw this.exitedError();
      throw new TimeLimitError(errorMessage(err));
    }
  }

  /** The requests a time-out caught inside the learner's code, in words ("B's write "B-current" with token 3"). */
  private stillRunning(requests: SinkRequest[]): string {
    const running = [...this.states.values()].filter((st) => st.phase === 'running' || st.phase === 'blocked').map((st) => requests[st.index]);
    return running
      .filter((r) => r !== undefined)
      .map(requestWords)
      .join(' and ');
  }

  private exitedError(): SinkExited {
    const said = this.child?.diagnostics() ?? '';
    if (said.includes(OVER_MEMORY) || /heap out of memory|Reached heap limit/.test(said)) {
      return new SinkExited(`your sink ${OVER_MEMORY}, so the tutor ended it: keep less in memory (no unbounded arrays or caches)`);
    }
    return new SinkExited(
      `your sink's process ended (${sinkExitWords(this.exitCode)}) before it answered: does your code call process.exit, or end its process another way?${this.child?.diagnostics() ?? ''}`,
    );
  }

  private onMessage(m: SinkChildMessage): void {
    if (m.ev === 'output') {
      captureOutput(this.output, m.text);
      return;
    }
    if (m.ev !== 'park' && m.ev !== 'blocked' && m.ev !== 'done' && m.ev !== 'threw') return;
    const state = this.states.get(m.req);
    if (!state) return;
    if (m.ev === 'blocked') {
      if (state.phase !== 'running') return;
      state.phase = 'blocked';
      this.blockedSteps.push({ request: state.index, op: 'waits', sql: `on a lock another request holds: ${m.step.sql ?? m.step.op}` });
    } else if (m.ev === 'park') {
      state.phase = 'parked';
      state.step = m.step;
    } else if (m.ev === 'done') {
      state.phase = 'finished';
      if (m.steps) state.ranSteps = m.steps;
      state.answer = answerOf(m.result);
    } else {
      state.phase = 'finished';
      if (m.steps) state.ranSteps = m.steps;
      state.answer = { accepted: false, status: 500, error: sanitizeText(m.error) };
    }
    this.wake?.();
  }
}

export class LearnerThrew extends Error {}

/** A request in words: "B's write "B-current" with token 3", "A's register(db, 1)". */
function requestWords(r: SinkRequest): string {
  return r.fn === 'register' ? `${r.writer}'s register(db, ${r.token})` : `${r.writer}'s write ${show(r.value ?? null)} with token ${r.token ?? 'none'}`;
}

/** The learner's return value as an answer; anything but `{accepted: boolean}` is explained. */
function answerOf(result: unknown): SinkAnswer {
  if (result && typeof result === 'object' && typeof (result as { accepted?: unknown }).accepted === 'boolean') {
    const r = result as { accepted: boolean; reason?: unknown };
    return {
      accepted: r.accepted,
      status: r.accepted ? 200 : 409,
      ...(typeof r.reason === 'string' ? { reason: sanitizeText(r.reason).slice(0, 200) } : {}),
    };
  }
  return { accepted: true, status: 200, reason: 'returned no {accepted}' };
}
