/**
 * The simulator (spec section 3): one deterministic run of a scenario, tick
 * by tick. Pure: no I/O, no clock, no randomness; the same scenario and
 * overrides always give the same SimResult.
 *
 * Within a tick the phases run in the spec's order (3.4): expiry, grants,
 * auto-resumes, due sink work, the file's steps, keepalive. Ticks where
 * nothing can happen are skipped (a step at tick 10^9 costs nothing), with
 * the keepalive renewals they would have made applied in one go.
 *
 * Kept whole past the 400-line limit on purpose (test/build/file-size.test.ts
 * allows this file only): the phases share one mutable tick state, and read
 * best top to bottom in the spec's order; split, each phase would need that
 * state threaded through or exported.
 */
import { compareTokens, maxToken } from './token.js';
import type { ConfigOverrides, Grant, Scenario, ScenarioConfig, SimEvent, SimResult, Step, Token, WriteRecord } from './types.js';
import { isReservedActor } from './scenario-names.js';
import { stepsInRunOrder } from './step-order.js';

/** Merge the file's config with command-line or UI toggles. */
export function effectiveConfig(scenario: Scenario, overrides: ConfigOverrides = {}): ScenarioConfig {
  const config = { ...scenario.config };
  if (overrides.fencing !== undefined) config.fencing = overrides.fencing;
  if (overrides.minting !== undefined) config.minting = overrides.minting;
  if (overrides.check !== undefined) config.check = overrides.check;
  if (overrides.ttl !== undefined) config.ttl = overrides.ttl;
  return config;
}

interface ActorState {
  paused: boolean;
  /** Queued behind the lock (acquire with wait: true): blocked like a paused actor. */
  waiting: boolean;
  /** Steps held back while paused or waiting, run in order when it runs again. */
  queue: Step[];
  /** The last token it was granted: what it believes it holds, valid or not. */
  token: Token | null;
  /** Bumped by every pause and resume, so an auto-resume only ends its own pause. */
  pauseSerial: number;
}

interface InFlightWrite {
  actor: string;
  value: string;
  token: Token | null;
  sentAt: number;
  arrivesAt: number;
  sendIndex: number;
  sendEvent: SimEvent;
}

type SinkWork = { kind: 'deliver'; due: number; write: InFlightWrite } | { kind: 'apply'; due: number; writeIndex: number };

interface AutoResume {
  due: number;
  actor: string;
  serial: number;
}

/** Runs a scenario under its config and the overrides. */
export function simulate(scenario: Scenario, overrides: ConfigOverrides = {}): SimResult {
  return new Run(scenario, effectiveConfig(scenario, overrides)).run();
}

class Run {
  private readonly events: SimEvent[] = [];
  private readonly grants: Grant[] = [];
  private readonly writes: WriteRecord[] = [];
  private readonly actors = new Map<string, ActorState>();
  private readonly steps: Step[];
  private nextStep = 0;
  private tick = 0;

  // Coordinator.
  private epoch = 0;
  private counter = 0;
  private holder: string | null = null;
  private expiresAt = 0;
  private readonly waiters: string[] = [];

  // Sink.
  private value: string | null;
  private hwm: Token | null = null;
  /** Highest token among writes accepted (applied, when split) so far: for stale acceptances. */
  private maxAccepted: Token | null = null;
  private staleAcceptances = 0;
  private sinkWork: SinkWork[] = [];
  private autoResumes: AutoResume[] = [];
  private sendCount = 0;

  constructor(
    private readonly scenario: Scenario,
    private readonly config: ScenarioConfig,
  ) {
    this.value = config.initial;
    this.steps = stepsInRunOrder(scenario);
    for (const step of this.steps) {
      if (!isReservedActor(step.actor) && !this.actors.has(step.actor)) {
        this.actors.set(step.actor, { paused: false, waiting: false, queue: [], token: null, pauseSerial: 0 });
      }
    }
  }

  run(): SimResult {
    this.tick = 0;
    for (;;) {
      this.runTick();
      if (!this.somethingLeft()) break;
      this.advance();
    }
    return {
      scenario: this.scenario.id,
      config: { ...this.config },
      grants: this.grants,
      writes: this.writes,
      events: this.events,
      final: { value: this.value, hwm: this.config.fencing ? this.hwm : null },
      staleAcceptances: this.staleAcceptances,
      endTick: this.tick,
    };
  }

  private runTick(): void {
    const t = this.tick;
    // 1. expiry
    if (this.holder !== null && this.expiresAt <= t) {
      const who = this.holder;
      this.holder = null;
      this.emit({ kind: 'expire', actor: who, token: this.actor(who).token });
    }
    // 2. grants
    this.grantFirstWaiter();
    // 3. auto-resumes, in the order they were scheduled
    const due = this.autoResumes.filter((r) => r.due === t);
    if (due.length > 0) {
      this.autoResumes = this.autoResumes.filter((r) => r.due !== t);
      for (const r of due) {
        const a = this.actor(r.actor);
        if (a.paused && a.pauseSerial === r.serial) this.resume(r.actor, true);
      }
    }
    // 4. due sink work, in the order it was scheduled (nothing scheduled now is due now)
    const work = this.sinkWork.filter((w) => w.due === t);
    if (work.length > 0) {
      this.sinkWork = this.sinkWork.filter((w) => w.due !== t);
      for (const w of work) {
        if (w.kind === 'deliver') this.arrive(w.write);
        else this.apply(w.writeIndex);
      }
    }
    // 5. the file's steps at this tick, in file order
    while (this.nextStep < this.steps.length && this.steps[this.nextStep]!.at === t) {
      this.dispatch(this.steps[this.nextStep]!);
      this.nextStep += 1;
    }
    // 6. keepalive
    this.keepalive(t);
  }

  private keepalive(t: number): void {
    if (this.config.keepalive && this.holder !== null && !this.actor(this.holder).paused) {
      this.expiresAt = t + this.config.ttl;
    }
  }

  /** Spec 3.4, last paragraph: is anything left that can still happen? */
  private somethingLeft(): boolean {
    if (this.nextStep < this.steps.length) return true;
    if (this.sinkWork.length > 0) return true;
    if (this.autoResumes.some((r) => this.isLive(r))) return true;
    return this.waiters.length > 0 && this.lockCanFree();
  }

  private lockCanFree(): boolean {
    return this.holder === null || this.actor(this.holder).paused || !this.config.keepalive;
  }

  private isLive(r: AutoResume): boolean {
    const a = this.actor(r.actor);
    return a.paused && a.pauseSerial === r.serial;
  }

  /** Moves to the next tick at which something can happen. */
  private advance(): void {
    const t = this.tick;
    let next = Number.POSITIVE_INFINITY;
    if (this.nextStep < this.steps.length) next = Math.min(next, this.steps[this.nextStep]!.at);
    for (const w of this.sinkWork) next = Math.min(next, w.due);
    for (const r of this.autoResumes) if (this.isLive(r)) next = Math.min(next, r.due);
    if (this.holder !== null && (this.actor(this.holder).paused || !this.config.keepalive)) {
      next = Math.min(next, this.expiresAt);
    }
    if (this.waiters.length > 0 && this.holder === null) next = t + 1;
    next = Math.max(t + 1, next);
    if (next > t + 1) this.keepalive(next - 1); // the renewals of the skipped ticks
    this.tick = next;
  }

  private actor(name: string): ActorState {
    return this.actors.get(name)!;
  }

  private emit(e: Omit<SimEvent, 't'>): SimEvent {
    const event = { t: this.tick, ...e } as SimEvent;
    this.events.push(event);
    return event;
  }

  private dispatch(step: Step): void {
    if (step.do === 'failover') {
      this.failover();
    } else if (step.do === 'sink-restart') {
      this.sinkRestart(step.durable);
    } else {
      const a = this.actor(step.actor);
      if (a.paused && step.do === 'resume') this.resume(step.actor, false);
      else if (a.paused || a.waiting) a.queue.push(step);
      else this.perform(step);
    }
  }

  /** A step of a running actor. */
  private perform(step: Step): void {
    const name = step.actor;
    switch (step.do) {
      case 'acquire':
        this.acquire(name, step.wait);
        break;
      case 'release':
        this.release(name);
        break;
      case 'pause':
        this.pause(name, step.for);
        break;
      case 'resume':
        break; // resuming a running actor has no effect
      case 'write':
        this.send(name, step.value, step.delay);
        break;
      case 'failover':
      case 'sink-restart':
        this.dispatch(step);
        break;
    }
  }

  /** Runs an actor's queued steps, in order, until it stops again. */
  private drain(name: string): void {
    const a = this.actor(name);
    while (a.queue.length > 0 && !a.paused && !a.waiting) this.perform(a.queue.shift()!);
  }

  // Coordinator -------------------------------------------------------------

  private grant(name: string): void {
    this.counter += 1;
    const token: Token = [this.epoch, this.counter];
    this.holder = name;
    this.expiresAt = this.tick + this.config.ttl;
    const a = this.actor(name);
    a.token = token;
    a.waiting = false;
    this.grants.push({ t: this.tick, actor: name, token });
    this.emit({ kind: 'grant', actor: name, token });
    this.drain(name);
  }

  private grantFirstWaiter(): void {
    if (this.holder === null && this.waiters.length > 0) this.grant(this.waiters.shift()!);
  }

  private acquire(name: string, wait: boolean): void {
    if (this.holder === name) return; // held by itself: no effect
    if (this.holder === null) {
      this.grant(name);
    } else if (wait) {
      this.waiters.push(name);
      this.actor(name).waiting = true;
      this.emit({ kind: 'wait', actor: name, holder: this.holder });
    } else {
      this.emit({ kind: 'deny', actor: name, holder: this.holder });
    }
  }

  private release(name: string): void {
    if (this.holder !== name) {
      this.emit({ kind: 'release-ignored', actor: name, token: this.actor(name).token });
      return;
    }
    this.holder = null;
    this.emit({ kind: 'release', actor: name, token: this.actor(name).token });
    this.grantFirstWaiter();
  }

  private failover(): void {
    if (this.config.minting === 'durable') {
      this.epoch += 1;
      this.emit({ kind: 'failover', actor: 'coordinator', minting: 'durable' });
      return;
    }
    this.epoch = 0;
    this.counter = 0;
    this.holder = null; // forgotten; the holder is not told and keeps its token
    this.emit({ kind: 'failover', actor: 'coordinator', minting: 'volatile' });
    this.grantFirstWaiter();
  }

  // Actors ------------------------------------------------------------------

  private pause(name: string, ticks: number | undefined): void {
    const a = this.actor(name);
    a.paused = true;
    a.pauseSerial += 1;
    if (ticks !== undefined) this.autoResumes.push({ due: this.tick + ticks, actor: name, serial: a.pauseSerial });
    this.emit(ticks === undefined ? { kind: 'pause', actor: name } : { kind: 'pause', actor: name, for: ticks });
  }

  private resume(name: string, auto: boolean): void {
    const a = this.actor(name);
    a.paused = false;
    a.pauseSerial += 1;
    this.emit(auto ? { kind: 'resume', actor: name, auto: true } : { kind: 'resume', actor: name });
    this.drain(name);
  }

  private send(name: string, value: string, delay: number): void {
    const token = this.actor(name).token;
    const arrivesAt = this.tick + delay;
    const sendEvent = this.emit({ kind: 'send', actor: name, value, token, arrivesAt });
    const write: InFlightWrite = {
      actor: name,
      value,
      token,
      sentAt: this.tick,
      arrivesAt,
      sendIndex: this.sendCount++,
      sendEvent,
    };
    if (delay === 0) this.arrive(write);
    else this.sinkWork.push({ kind: 'deliver', due: arrivesAt, write });
  }

  // Sink --------------------------------------------------------------------

  private sinkRestart(durable: boolean): void {
    if (!durable) this.hwm = null; // the value is kept
    this.emit({ kind: 'sink-restart', actor: 'sink', durable });
  }

  /** Is this token lower than one accepted before? (spec 3.6) */
  private isStale(token: Token | null): boolean {
    return token !== null && this.maxAccepted !== null && compareTokens(token, this.maxAccepted) < 0;
  }

  private record(w: InFlightWrite, result: 'accepted' | 'rejected', hwmBefore: Token | null): number {
    const index = this.writes.length;
    this.writes.push({
      actor: w.actor,
      value: w.value,
      token: w.token,
      sentAt: w.sentAt,
      arrivedAt: this.tick,
      result,
      hwmBefore,
      stale: false,
      sendIndex: w.sendIndex,
    });
    w.sendEvent.write = index;
    return index;
  }

  private arrive(w: InFlightWrite): void {
    const { fencing, check } = this.config;
    const base = { actor: w.actor, value: w.value, token: w.token };
    if (!fencing) {
      const index = this.record(w, 'accepted', null);
      const stale = this.accept(index, w.token, w.value);
      this.emit({ kind: 'accept', ...base, hwm: null, write: index, reason: 'plain', ...(stale ? { stale } : {}) });
      return;
    }
    const hwmBefore = this.hwm;
    const passes = w.token !== null && (hwmBefore === null || compareTokens(w.token, hwmBefore) >= 0);
    if (!passes) {
      const index = this.record(w, 'rejected', hwmBefore);
      const reason = w.token === null ? 'no token' : 'token below the mark';
      this.emit({ kind: 'reject', ...base, hwm: hwmBefore, write: index, reason });
      return;
    }
    if (check === 'split') {
      const index = this.record(w, 'accepted', hwmBefore);
      this.writes[index]!.appliedAt = null;
      this.emit({ kind: 'check-pass', ...base, hwm: hwmBefore, write: index });
      this.sinkWork.push({ kind: 'apply', due: this.tick + this.config.splitGap, writeIndex: index });
      return;
    }
    const index = this.record(w, 'accepted', hwmBefore);
    const stale = this.accept(index, w.token, w.value);
    this.hwm = w.token;
    this.emit({ kind: 'accept', ...base, hwm: hwmBefore, write: index, ...(stale ? { stale } : {}) });
  }

  /** Split mode: the apply, unconditional, even if the mark rose since the check. */
  private apply(index: number): void {
    const w = this.writes[index]!;
    const hwmBefore = this.hwm;
    const stale = this.accept(index, w.token, w.value);
    this.hwm = w.token;
    w.appliedAt = this.tick;
    this.emit({
      kind: 'apply',
      actor: w.actor,
      value: w.value,
      token: w.token,
      hwm: hwmBefore,
      write: index,
      ...(stale ? { stale } : {}),
    });
  }

  /** The value lands; returns whether this was a stale acceptance. */
  private accept(index: number, token: Token | null, value: string): boolean {
    const stale = this.isStale(token);
    if (stale) {
      this.staleAcceptances += 1;
      this.writes[index]!.stale = true;
    }
    this.value = value;
    this.maxAccepted = maxToken(this.maxAccepted, token);
    return stale;
  }
}
