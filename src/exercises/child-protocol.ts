/**
 * The tutor ⇄ exercise-child protocol, typed as the lab's is
 * (src/lab/protocol/): one JSON object per line, commands on the child's
 * stdin, events on its stdout. Two children speak it: the sink child
 * (src/exercises/child/sink-child.ts, the learner's sink) and the client
 * child (src/exercises/clients/client-child.ts, the learner's worker or
 * lock). Each side parses what it receives once, here: a malformed message
 * is a ProtocolError naming the message and the field, not a guess.
 */
import { JsonFields, ProtocolError } from '../platform/json-fields.js';
import type { StepInfo } from './child/db-handle.js';
import type { WorkerConfig } from './clients/worker-client.js';
import type { ZkWatchKind } from './clients/zookeeper-handle.js';

const STEP_OPS: readonly StepInfo['op'][] = ['get', 'all', 'run', 'exec', 'transaction'];

/** What the tutor asks the sink child (`id`, where there is one, is added by the channel). */
export type SinkChildCommand =
  /** `url`: the PostgreSQL server whose schema `db` is (postgres-sink); a SQLite file path otherwise. */
  | { op: 'open'; id: number; db: string; url?: string }
  /** Calls the learner's `fn(db, ...args)` as request `req`; gated: each database call waits for `go`. */
  | { op: 'call'; req: string; fn: string; args: unknown[]; gated: boolean }
  | { op: 'go'; req: string }
  | { op: 'state'; id: number }
  | { op: 'exit' };

/** What both children say on their own: started, could not load the learner's module, printed. */
export type ChildNotice =
  | { ev: 'ready'; pid: number }
  | { ev: 'failed'; kind: 'load'; message: string }
  | { ev: 'output'; text: string }
  /** A command it could not run or read (`id` when it had one). */
  | { ev: 'error'; id?: number; message: string };

export type SinkChildMessage =
  | ChildNotice
  | { ev: 'park'; req: string; step: StepInfo }
  /** A statement let go is waiting on a lock another request holds (PostgreSQL, seen with pg_blocking_pids()). */
  | { ev: 'blocked'; req: string; step: StepInfo }
  | { ev: 'done'; req: string; result: unknown; steps?: StepInfo[] }
  | { ev: 'threw'; req: string; error: string; id?: number; steps?: StepInfo[] }
  | { ev: 'opened'; id: number }
  | { ev: 'state'; id: number; value: string | null; mark: number | null };

/** What the learner's worker did, reported for the exercise's story. */
export type WorkerSent = { op: 'acquire'; token: unknown } | { op: 'read'; value: unknown } | { op: 'write'; token: unknown; value: unknown; status: number };

export type ClientChildCommand =
  | { op: 'call'; id: number; fn: string; args: unknown[] }
  /** Calls `fn(worker)` with a worker client built from `config` (redo-on-reject). */
  | { op: 'work'; id: number; fn: string; config: WorkerConfig }
  /** zookeeper-lock: opens a ZooKeeper session in the child; done's result is `{ session }` (its id, `0x...`). */
  | { op: 'zk-open'; id: number; connect: string; sessionTimeoutMs: number }
  /** Calls `fn(zk, ...args)` with the handle of an open session. */
  | { op: 'zk-call'; id: number; fn: string; session: string; args: unknown[] }
  /** Closes a session (its ephemeral nodes go with it); done once the server has ended it. */
  | { op: 'zk-close'; id: number; session: string }
  | { op: 'go' }
  | { op: 'exit' };

export type ClientChildMessage =
  | ChildNotice
  | { ev: 'done'; id: number; result: unknown }
  | { ev: 'threw'; id: number; error: string }
  | { ev: 'paused' }
  | ({ ev: 'sent' } & WorkerSent)
  /** A watch the learner's code set through a session's handle (zookeeper-lock). */
  | { ev: 'zk-watch'; session: string; kind: ZkWatchKind; path: string };

const WATCH_KINDS: readonly ZkWatchKind[] = ['exists', 'getData', 'getChildren'];

function step(value: unknown, what: string): StepInfo {
  const f = JsonFields.of(value, what);
  const sql = f.optionalString('sql');
  return { op: f.oneOf('op', STEP_OPS), ...(sql === undefined ? {} : { sql }) };
}

function steps(f: JsonFields, what: string): { steps?: StepInfo[] } {
  return f.has('steps') ? { steps: f.array('steps').map((s) => step(s, `${what}'s step`)) } : {};
}

function notice(f: JsonFields, ev: string): ChildNotice | undefined {
  switch (ev) {
    case 'ready':
      return { ev, pid: f.integer('pid', 1) };
    case 'failed':
      return { ev, kind: f.oneOf('kind', ['load'] as const), message: f.string('message') };
    case 'output':
      return { ev, text: f.string('text') };
    case 'error': {
      const id = f.optionalInteger('id', 0);
      return { ev, message: f.string('message'), ...(id === undefined ? {} : { id }) };
    }
  }
  return undefined;
}

export function parseSinkChildMessage(value: unknown, role: string): SinkChildMessage {
  const f = JsonFields.of(value, `a message from ${role}`);
  const ev = f.string('ev');
  const what = `${role}'s "${ev}"`;
  const m = JsonFields.of(value, what);
  const known = notice(m, ev);
  if (known) return known;
  switch (ev) {
    case 'park':
    case 'blocked':
      return { ev, req: m.string('req'), step: step(m.value('step'), `${what} step`) };
    case 'done':
      return { ev, req: m.string('req'), result: m.value('result') ?? null, ...steps(m, what) };
    case 'threw': {
      const id = m.optionalInteger('id', 0);
      return { ev, req: m.string('req'), error: m.string('error'), ...(id === undefined ? {} : { id }), ...steps(m, what) };
    }
    case 'opened':
      return { ev, id: m.integer('id', 0) };
    case 'state': {
      const v = m.value('value');
      const mark = m.value('mark');
      return {
        ev,
        id: m.integer('id', 0),
        value: v === null ? null : m.string('value'),
        mark: mark === null ? null : m.number('mark'),
      };
    }
  }
  throw new ProtocolError(`${role} sent an unknown event "${ev}"`);
}

export function parseSinkChildCommand(value: unknown): SinkChildCommand {
  const f = JsonFields.of(value, 'a command to the sink child');
  const op = f.oneOf('op', ['open', 'call', 'go', 'state', 'exit'] as const);
  const m = JsonFields.of(value, `the sink child's "${op}"`);
  switch (op) {
    case 'open': {
      const url = m.optionalString('url');
      return { op, id: m.integer('id', 0), db: m.string('db'), ...(url === undefined ? {} : { url }) };
    }
    case 'call':
      return { op, req: m.string('req'), fn: m.string('fn'), args: m.array('args'), gated: m.boolean('gated') };
    case 'go':
      return { op, req: m.string('req') };
    case 'state':
      return { op, id: m.integer('id', 0) };
    case 'exit':
      return { op };
  }
}

function sent(m: JsonFields): WorkerSent {
  const op = m.oneOf('op', ['acquire', 'read', 'write'] as const);
  if (op === 'acquire') return { op, token: m.value('token') };
  if (op === 'read') return { op, value: m.value('value') };
  return { op, token: m.value('token'), value: m.value('value'), status: m.integer('status', 0) };
}

export function parseClientChildMessage(value: unknown, role: string): ClientChildMessage {
  const f = JsonFields.of(value, `a message from ${role}`);
  const ev = f.string('ev');
  const m = JsonFields.of(value, `${role}'s "${ev}"`);
  const known = notice(m, ev);
  if (known) return known;
  switch (ev) {
    case 'done':
      return { ev, id: m.integer('id', 0), result: m.value('result') ?? null };
    case 'threw':
      return { ev, id: m.integer('id', 0), error: m.string('error') };
    case 'paused':
      return { ev };
    case 'sent':
      return { ev, ...sent(m) };
    case 'zk-watch':
      return { ev, session: m.string('session'), kind: m.oneOf('kind', WATCH_KINDS), path: m.string('path') };
  }
  throw new ProtocolError(`${role} sent an unknown event "${ev}"`);
}

function workerConfig(value: Record<string, unknown>): WorkerConfig {
  const c = JsonFields.of(value, `the client child's "work" config`);
  return {
    coordinator: c.string('coordinator'),
    sink: c.string('sink'),
    key: c.string('key'),
    ttlMs: c.integer('ttlMs', 1),
    writer: c.string('writer'),
    pauseAfterFirstRead: c.boolean('pauseAfterFirstRead'),
    ...optionalRedoPause(c),
  };
}

function optionalRedoPause(c: JsonFields): Pick<WorkerConfig, 'redoPauseBefore'> {
  const n = c.optionalInteger('redoPauseBefore', 1);
  return n === undefined ? {} : { redoPauseBefore: n };
}

export function parseClientChildCommand(value: unknown): ClientChildCommand {
  const f = JsonFields.of(value, 'a command to the client child');
  const op = f.oneOf('op', ['call', 'work', 'zk-open', 'zk-call', 'zk-close', 'go', 'exit'] as const);
  const m = JsonFields.of(value, `the client child's "${op}"`);
  switch (op) {
    case 'call':
      return { op, id: m.integer('id', 0), fn: m.string('fn'), args: m.array('args') };
    case 'zk-open':
      return { op, id: m.integer('id', 0), connect: m.string('connect'), sessionTimeoutMs: m.integer('sessionTimeoutMs', 1) };
    case 'zk-call':
      return { op, id: m.integer('id', 0), fn: m.string('fn'), session: m.string('session'), args: m.array('args') };
    case 'zk-close':
      return { op, id: m.integer('id', 0), session: m.string('session') };
    case 'work':
      return { op, id: m.integer('id', 0), fn: m.string('fn'), config: workerConfig(m.object('config')) };
    case 'go':
    case 'exit':
      return { op };
  }
}
