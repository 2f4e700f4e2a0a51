/**
 * Everything an experiment does to the world goes through here: acquire a
 * lock in a worker, stop and resume it, watch the coordinator for the lock
 * to disappear, write through a worker, kill and restart the sink. Each
 * action is timed, recorded as an observation, and announced as an event.
 */
import { join } from 'node:path';
import { getJson, postJson } from '../http.js';
import type { CoordinatorClient } from '../coordinator/client.js';
import type { EtcdMembers } from '../coordinator/etcd-members.js';
import type { ZooKeeperEnsemble } from '../coordinator/zookeeper/zookeeper-ensemble.js';
import type { SinkDatabase } from './sink-database.js';
import type { GridCell, GridWriter } from '../postgres/isolation-grid.js';
import type { LaunchedServer } from '../servers/launch-server.js';
import { formatToken } from '../../core/token.js';
import { unpackEpochToken } from '../tokens/epoch-token.js';
import { observedToken, reportedToken } from '../tokens/lab-token.js';
import { delay, type LabProcess, type ServiceChild, type WorkerChild } from '../processes/children.js';
import { parseBarrierCount, parseSinkState } from '../protocol/sink-write.js';
import { replyProblem, type WorkerCommandBody, type WorkerOp, type WorkerReplies } from '../protocol/worker-messages.js';
import {
  type CoordinatorKind,
  type FinalState,
  LabAbortedError,
  type LabEvent,
  type LabListener,
  type LabOptions,
  type LabStepId,
  type Observation,
  type SinkMode,
  type WorkerName,
  type WriteOutcome,
} from '../types.js';

export interface Holder {
  /** null from a lock that gives no token (a Redis lock's random value). */
  token: number | null;
  /** What names the holder where there is no token (the Redis lock's random value). */
  lockValue?: string | undefined;
  /** The epoch the worker read when it acquired (restore experiment), else undefined. */
  epoch?: number | undefined;
  leaseId: string;
  ttlMs: number;
  atMs: number;
}

export interface LabWorld {
  /** A and B always; C and D for an experiment that asks for them. */
  workers: Partial<Record<WorkerName, WorkerChild>>;
  /** Resolves once the sink and B are up; only A and the coordinator are on the critical path. */
  rest: Promise<void>;
  coordinatorKind: CoordinatorKind;
  endpoints: string[];
  /** Our `lab-sink`, or (later) a learner's sink started from a shell command: either way a process to kill. */
  sink: LabProcess;
  sinkUrl: string;
  /** split on PostgreSQL: the cells to replay the race in (issue 36). */
  grid?: LabOptions['grid'];
  /** The sink's PostgreSQL, once the sink is up on one (issue 36). */
  sinkDatabase?: SinkDatabase;
  /** Starts a fresh sink on the same database; returns it and its URL. */
  startSink(): Promise<{ child: ServiceChild; url: string; recoveredLock: boolean }>;
  coordinator: CoordinatorClient;
  /** How the lock mints its token (Redis: none or incr). */
  lockToken: 'none' | 'incr';
  /** The run's own server (Redis in the restart experiment): killed and started again. */
  server?: LaunchedServer;
  /** True once the run is being torn down (an interrupt): no further step may start. */
  stopping: () => boolean;
  lockKey: string;
  ttlMs: number;
  databasePath: string;
  /** The run's evidence directory (the restore experiment keeps its epoch file there). */
  outDir: string;
  /** The ZooKeeper ensemble the failover experiment started for itself. */
  ensemble?: ZooKeeperEnsemble;
  /** The etcd members an experiment started for itself (failover, restore). */
  members?: EtcdMembers;
  /** etcdctl, for an experiment that needs it (restore). */
  etcdctl?: string;
}

export interface AcquireOptions {
  /** Talk to these members only (B, through a survivor); default every endpoint. */
  endpoints?: string[];
  /** Read the epoch from this file when acquiring (the restore experiment's epoch mode). */
  epochFile?: string;
}

export interface WriteSpec {
  mode: SinkMode;
  value: string;
  hold?: string;
  release?: string;
  /** Send `[epoch, revision]` packed into one integer instead of the bare revision. */
  tokenMode?: 'epoch';
}

export class LabContext {
  readonly observations: Observation[] = [];
  readonly holders: Partial<Record<WorkerName, Holder>> = {};
  readonly sinkPids: number[] = [];
  grantedTtlMs: number;
  observedExpiryWaitMs = Number.NaN;
  stoppedAfterMs = Number.NaN;

  constructor(
    readonly world: LabWorld,
    private readonly listener: LabListener,
    readonly t0: number,
  ) {
    this.grantedTtlMs = world.ttlMs;
  }

  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  emit(event: LabEvent): void {
    this.listener(event);
  }

  step(id: LabStepId, status: 'started' | 'done', text: string): void {
    // Every action announces itself here first: after an interrupt, nothing new starts.
    if (this.world.stopping()) throw new LabAbortedError();
    this.emit({ type: 'step', id, status, text, atMs: this.now() });
  }

  note(text: string): void {
    this.emit({ type: 'note', text, atMs: this.now() });
  }

  observe(o: Omit<Observation, 'atMs'> & { atMs?: number }): void {
    this.observations.push({ atMs: o.atMs ?? this.now(), ...o } as Observation);
  }

  /** Sends worker `name` a command; the reply's type follows the command's op. */
  ask<Op extends WorkerOp>(name: WorkerName, command: Extract<WorkerCommandBody, { op: Op }>, timeoutMs?: number): Promise<WorkerReplies[Op]> {
    return this.worker(name).request<WorkerReplies[Op]>(command, timeoutMs);
  }

  worker(name: WorkerName): WorkerChild {
    const worker = this.world.workers[name];
    if (!worker) throw new Error(`worker ${name} was not started for this experiment`);
    return worker;
  }

  async acquire(name: WorkerName, opts: AcquireOptions = {}): Promise<Holder> {
    const id = `acquire-${name.toLowerCase()}` as LabStepId;
    if (name !== 'A') await this.world.rest;
    const worker = this.worker(name);
    this.step(id, 'started', `${name} asks the coordinator for the lock`);
    const reply = await this.ask(name, {
      op: 'acquire',
      key: this.world.lockKey,
      ttlMs: this.world.ttlMs,
      coordinator: this.world.coordinatorKind,
      endpoints: opts.endpoints ?? this.world.endpoints,
      ...(this.world.lockToken === 'incr' ? { lockToken: 'incr' as const } : {}),
      ...(opts.epochFile ? { epochFile: opts.epochFile } : {}),
    });
    if (reply.ev !== 'acquired') throw new Error(`${name} could not acquire the lock: ${replyProblem(reply)}`);
    // A's grant is when A sent the grant request: the lease's TTL starts no
    // earlier, so the wait measured from here is never shorter than the TTL.
    // Both processes read the same system clock through performance.timeOrigin.
    const received = this.now();
    const leaseAt = reply.grantRequestedAt - (performance.timeOrigin + this.t0);
    const atMs = leaseAt <= received && leaseAt > received - 5000 ? leaseAt : received;
    const holder: Holder = {
      token: reply.token,
      leaseId: reply.leaseId,
      ttlMs: reply.ttlMs,
      atMs: Math.round(atMs * 10) / 10,
      epoch: reply.epoch,
      lockValue: reply.lockValue,
    };
    this.holders[name] = holder;
    if (name === 'A') this.grantedTtlMs = holder.ttlMs;
    // The epoch goes with the grant, so the timeline can label it as epoch mode's token (`1:4`)
    // or as ZooKeeper's czxid split in two.
    const observed = observedToken(this.world.coordinatorKind, holder.token);
    this.observe({
      actor: 'coordinator',
      kind: 'grant',
      token: observed.token,
      epoch: holder.epoch ?? observed.epoch,
      note: name,
      atMs: holder.atMs,
    });
    // With an epoch (restore), the step shows both forms: the revision and the epoch-mode token.
    const epochNote =
      holder.epoch === undefined || holder.token === null ? '' : ` (epoch ${holder.epoch}: ${formatToken([holder.epoch, holder.token])} in epoch mode)`;
    const what = holder.token === null ? `no token (its lock value ${holder.lockValue ?? '?'} orders nothing)` : `token ${this.shownToken(holder.token)}`;
    this.step(id, 'done', `${name} (pid ${worker.pid}) holds the lock with ${what}${epochNote}`);
    return holder;
  }

  /** The worker lets go: its lease is revoked, so its key is deleted. */
  async release(name: WorkerName): Promise<void> {
    const reply = await this.ask(name, { op: 'release' });
    if (reply.ev !== 'released') throw new Error(`${name} could not release: ${replyProblem(reply)}`);
    this.observe({ actor: name, kind: 'release', ...observedToken(this.world.coordinatorKind, this.holders[name]?.token ?? null) });
    this.step('release', 'done', `${name} released the lock (lease revoked)`);
  }

  stop(name: WorkerName): void {
    this.worker(name).signal('SIGSTOP');
    const at = this.now();
    const grant = this.holders[name]?.atMs ?? at;
    if (name === 'A') this.stoppedAfterMs = Math.round((at - grant) * 10) / 10;
    this.observe({ actor: name, kind: 'stop', atMs: at });
    this.step('stop-a', 'done', `${name} stopped (SIGSTOP), no keepalive`);
  }

  /** Polls until the coordinator no longer has the lock; never assumes the TTL elapsed. */
  async waitForExpiry(from: WorkerName = 'A'): Promise<number> {
    const grantAt = this.holders[from]?.atMs ?? this.now();
    const ttl = this.grantedTtlMs;
    this.step('wait-expiry', 'started', 'waiting to see the lock gone');
    const deadline = performance.now() + ttl * 2 + 5000;
    let lastProgress = -Infinity;
    for (;;) {
      if (this.world.stopping()) throw new LabAbortedError();
      const held = await this.world.coordinator.isHeld(this.world.lockKey);
      const at = this.now();
      if (!held) {
        this.observedExpiryWaitMs = Math.round((at - grantAt) * 10) / 10;
        this.observe({ actor: 'coordinator', kind: 'expiry-observed', atMs: at });
        this.emit({ type: 'waiting', elapsedMs: at - grantAt, ttlMs: ttl, atMs: at });
        this.step('wait-expiry', 'done', `saw the lock gone ${(this.observedExpiryWaitMs / 1000).toFixed(2)} s after ${from}'s grant (TTL ${fmtSeconds(ttl)})`);
        return this.observedExpiryWaitMs;
      }
      if (at - lastProgress >= 100) {
        lastProgress = at;
        this.emit({ type: 'waiting', elapsedMs: at - grantAt, ttlMs: ttl, atMs: at });
      }
      if (performance.now() > deadline) {
        throw new Error(`the lock was still held ${Math.round(at - grantAt)} ms after A's grant (TTL ${ttl} ms)`);
      }
      await delay(10);
    }
  }

  /** One write through a worker, with its own token. */
  async write(name: WorkerName, spec: WriteSpec): Promise<WriteOutcome> {
    return this.finishWrite(name, spec, this.sendWrite(name, spec));
  }

  /**
   * Queues writes in a stopped worker, then resumes it: what it does first
   * on waking is send them, with the token it had before it was stopped.
   */
  resumeWithWrites(name: WorkerName, specs: WriteSpec[]): Promise<WriteOutcome>[] {
    const pending = specs.map((spec) => this.sendWrite(name, spec));
    this.worker(name).signal('SIGCONT');
    this.observe({ actor: name, kind: 'resume' });
    const token = this.holders[name]?.token;
    this.step(
      'resume-a',
      'done',
      `${name} resumed (SIGCONT); it sends "${specs[0]?.value}" with ${token === null || token === undefined ? 'no token' : `token ${this.shownToken(token)}`}`,
    );
    return specs.map((spec, i) => this.finishWrite(name, spec, pending[i]!));
  }

  resume(name: WorkerName): void {
    this.worker(name).signal('SIGCONT');
    this.observe({ actor: name, kind: 'resume' });
    this.step('resume-a', 'done', `${name} resumed (SIGCONT)`);
  }

  async waitParked(barrier: string, count = 1): Promise<void> {
    const deadline = performance.now() + 5000;
    while (performance.now() < deadline) {
      const res = await getJson(`${this.world.sinkUrl}/barrier/${barrier}`, 1000);
      if (parseBarrierCount(res.body, barrier) >= count) return;
      await delay(5);
    }
    throw new Error(`A's write never reached the barrier ${barrier}`);
  }

  async final(mode: SinkMode): Promise<FinalState> {
    const res = await getJson(`${this.world.sinkUrl}/state/${mode}`);
    const stored = parseSinkState(res.body, mode);
    // epoch mode stores packed tokens, ZooKeeper's czxid is one: the result shows the pair.
    const shown = (n: number) => (mode === 'epoch' || this.world.coordinatorKind === 'zookeeper' ? unpackEpochToken(n) : n);
    const state: FinalState = { value: stored.value, token: stored.token === null ? null : shown(stored.token) };
    if (mode !== 'plain') state.hwm = shown(stored.hwm);
    return state;
  }

  /**
   * The split race replayed in the sink's PostgreSQL under each isolation
   * level and check, with A's and B's real tokens (issue 36). Nine cells on
   * a loaded machine take a few seconds: the limit is generous.
   */
  async runGrid(cells: NonNullable<LabOptions['grid']>, stale: GridWriter, current: GridWriter): Promise<GridCell[]> {
    const res = await postJson(`${this.world.sinkUrl}/admin/grid`, { ...cells, stale, current }, 60_000);
    const body = res.body as { cells?: GridCell[]; error?: string };
    if (res.status !== 200 || !Array.isArray(body.cells)) throw new Error(`the sink could not run the grid: ${body.error ?? res.status}`);
    return body.cells;
  }

  /**
   * The sink's database server killed (SIGKILL, the whole postmaster group)
   * while the sink holds a write transaction open, then started again on the
   * same data dir and port (issue 36): PostgreSQL's crash recovery rolls the
   * open transaction back, and the sink's pool reconnects.
   */
  async killAndRestartSinkDatabase(): Promise<{ restartMs: number }> {
    const server = this.world.sinkDatabase?.server;
    if (!server) throw new Error('the sink runs on no PostgreSQL server of ours');
    this.step('kill-sink', 'started', "killing the sink's PostgreSQL (SIGKILL) in the middle of a write transaction");
    await postJson(`${this.world.sinkUrl}/admin/hold-transaction`, {});
    server.process.kill('SIGKILL');
    await server.process.exited;
    this.observe({ actor: 'sink', kind: 'sink-killed', note: 'the PostgreSQL server' });
    const restartMs = await server.restart();
    this.observe({ actor: 'sink', kind: 'sink-restarted', note: 'the PostgreSQL server, on the same data dir' });
    this.step('kill-sink', 'done', `PostgreSQL killed and started again on the same data dir (pid ${server.process.pid}) in ${Math.round(restartMs)} ms`);
    return { restartMs };
  }

  /** Kills the sink with SIGKILL in the middle of a write transaction, then starts it again on the same file. */
  async killAndRestartSink(): Promise<{ recoveredLock: boolean }> {
    this.step('kill-sink', 'started', 'killing the sink (SIGKILL) in the middle of a write transaction');
    await postJson(`${this.world.sinkUrl}/admin/hold-transaction`, {});
    this.world.sink.signal('SIGKILL');
    await this.world.sink.exited;
    this.observe({ actor: 'sink', kind: 'sink-killed' });
    const next = await this.world.startSink();
    this.world.sink = next.child;
    this.world.sinkUrl = next.url;
    this.sinkPids.push(next.child.pid);
    this.observe({ actor: 'sink', kind: 'sink-restarted', note: next.recoveredLock ? 'stale lock recovered' : undefined });
    this.step('kill-sink', 'done', `sink killed and restarted on the same file (pid ${next.child.pid})${next.recoveredLock ? ', stale lock recovered' : ''}`);
    return { recoveredLock: next.recoveredLock };
  }

  /** A holder's token in the one display form (`5`, `1:5`): ZooKeeper's czxid as its epoch and counter. */
  shownToken(token: number | null): string {
    return formatToken(reportedToken(this.world.coordinatorKind, token));
  }

  private sendWrite(name: WorkerName, spec: WriteSpec): Promise<WorkerReplies['write']> {
    return this.ask(name, { op: 'write', url: this.world.sinkUrl, ...spec }, 15_000);
  }

  private async finishWrite(name: WorkerName, spec: WriteSpec, pending: Promise<WorkerReplies['write']>): Promise<WriteOutcome> {
    const reply = await pending;
    if (reply.ev !== 'wrote') throw new Error(`${name}'s write failed: ${replyProblem(reply)}`);
    const outcome: WriteOutcome = {
      status: reply.status,
      accepted: reply.status === 200 && reply.body.accepted === true,
      body: reply.body,
    };
    // An epoch-mode token travels as the pair, ZooKeeper's czxid whole; the observation keeps the epoch apart.
    const split = Array.isArray(reply.token) ? { epoch: reply.token[0], token: reply.token[1] } : observedToken(this.world.coordinatorKind, reply.token);
    const { epoch, token } = split;
    const atMs = this.now();
    this.observe({
      actor: name,
      kind: 'write',
      mode: spec.mode,
      value: spec.value,
      token: token ?? undefined,
      epoch,
      status: outcome.status,
      accepted: outcome.accepted,
      atMs,
    });
    // The event's token: the revision (epoch mode), or the token as the JSON reports it (ZooKeeper's pair).
    const shown = Array.isArray(reply.token) ? reply.token[1] : reportedToken(this.world.coordinatorKind, reply.token);
    this.emit({ type: 'write', writer: name, mode: spec.mode, value: spec.value, token: shown, outcome, atMs });
    return outcome;
  }
}

function fmtSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export function databaseFile(outDir: string): string {
  return join(outDir, 'sink.sqlite');
}
