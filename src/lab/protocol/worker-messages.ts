/**
 * The runner ⇄ worker protocol: one JSON object per line, commands on the
 * worker's stdin, replies and events on its stdout. A command carries an
 * `id`; the reply to it carries the same `id`. Each side parses what it
 * receives once, here: a malformed message is a ProtocolError, not a guess.
 *
 * Built for more than the two-worker experiments: worker names are any
 * WORKER_NAME (A, B, C, D, W7...), a write's token is an integer or an
 * `[epoch, revision]` pair, and stopping or resuming a worker is a signal
 * (SIGSTOP, SIGCONT), not a message, so a runner may put any step of its own
 * (a leader kill, a restore) between "stop A" and "wait for the lock to be
 * gone" without the worker knowing or the protocol changing.
 */
import { COORDINATORS, type CoordinatorKind, type LabToken, SINK_MODE_NAMES, type SinkMode } from '../types.js';
import { Fields, WORKER_NAME } from './fields.js';

/** What the runner may ask a worker, without the `id` the channel adds. */
export type WorkerCommandBody =
  | {
      op: 'acquire';
      key: string;
      ttlMs: number;
      coordinator: CoordinatorKind;
      endpoints: string[];
      /** Read the epoch from this file when the lock is taken (tokens become `[epoch, revision]`). */
      epochFile?: string;
      /** `incr`: the lock mints an INCR token in the same step (Redis); absent: the service's own or none. */
      lockToken?: 'incr';
    }
  | {
      op: 'write';
      url: string;
      mode: SinkMode;
      value: string;
      /** `epoch`: send `[epoch, revision]` instead of the bare revision. */
      tokenMode?: 'epoch';
      /** Barrier names (the sink's deterministic races). */
      hold?: string;
      release?: string;
    }
  | { op: 'release' }
  | { op: 'exit' };

export type WorkerOp = WorkerCommandBody['op'];
export type WorkerCommand = WorkerCommandBody & { id: number };

/** A worker's answer to one command. */
export type WorkerReply =
  | {
      ev: 'acquired';
      id: number;
      /** null from a lock that gives no token (a Redis lock's random value). */
      token: number | null;
      /** The lock's random value, where that is all the lock gives. */
      lockValue?: string;
      leaseId: string;
      ttlMs: number;
      /** When the worker sent the grant request (epoch ms, sub-ms): the lease's TTL starts no earlier. */
      grantRequestedAt: number;
      sentAt: number;
      /** The epoch read with the lock (only when the command named an epoch file). */
      epoch?: number;
    }
  | { ev: 'busy'; id: number; reason: string }
  | { ev: 'wrote'; id: number; mode: SinkMode; token: LabToken | null; status: number; body: Record<string, unknown> }
  | { ev: 'released'; id: number }
  | { ev: 'bye'; id: number }
  | { ev: 'error'; id: number; message: string };

/** What a worker says unasked. */
export type WorkerNotice =
  | { ev: 'ready'; pid: number; name: string }
  | { ev: 'lease-lost'; leaseId: string }
  /** A command it could not read (no id to answer to). */
  | { ev: 'error'; message: string };

export type WorkerMessage = WorkerReply | WorkerNotice;

/** Which replies answer which command: the type of `request({ op })`. */
export interface WorkerReplies {
  acquire: Extract<WorkerReply, { ev: 'acquired' | 'busy' | 'error' }>;
  write: Extract<WorkerReply, { ev: 'wrote' | 'error' }>;
  release: Extract<WorkerReply, { ev: 'released' | 'error' }>;
  exit: Extract<WorkerReply, { ev: 'bye' | 'error' }>;
}

const OPS: readonly WorkerOp[] = ['acquire', 'write', 'release', 'exit'];

/** The worker's side: reads one command from the runner. */
export function parseWorkerCommand(value: unknown): WorkerCommand {
  const f = Fields.of(value, 'a command to the worker');
  const op = f.oneOf('op', OPS);
  const c = Fields.of(value, `the worker's "${op}" command`);
  // `exit` may come without an id: the runner's last word while it ends a child (LabChild.end), with no answer awaited.
  const id = op === 'exit' ? (c.optionalInteger('id', 0) ?? 0) : c.integer('id', 0);
  switch (op) {
    case 'acquire': {
      const epochFile = c.optionalString('epochFile');
      return {
        op,
        id,
        key: c.string('key'),
        ttlMs: c.integer('ttlMs', 1),
        coordinator: c.oneOf('coordinator', COORDINATORS),
        endpoints: c.strings('endpoints'),
        ...(epochFile !== undefined ? { epochFile } : {}),
        ...(c.has('lockToken') ? { lockToken: c.oneOf('lockToken', ['incr'] as const) } : {}),
      };
    }
    case 'write': {
      const hold = c.optionalString('hold');
      const release = c.optionalString('release');
      return {
        op,
        id,
        url: c.string('url'),
        mode: c.oneOf('mode', SINK_MODE_NAMES),
        value: c.string('value'),
        ...(c.has('tokenMode') ? { tokenMode: c.oneOf('tokenMode', ['epoch'] as const) } : {}),
        ...(hold !== undefined ? { hold } : {}),
        ...(release !== undefined ? { release } : {}),
      };
    }
    case 'release':
    case 'exit':
      return { op, id };
  }
}

const EVENTS = ['ready', 'lease-lost', 'acquired', 'busy', 'wrote', 'released', 'bye', 'error'] as const;

/** The runner's side: reads one message from worker `name`. */
export function parseWorkerMessage(value: unknown, name: string): WorkerMessage {
  const ev = Fields.of(value, `a message from worker ${name}`).oneOf('ev', EVENTS);
  const m = Fields.of(value, `worker ${name}'s "${ev}"`);
  switch (ev) {
    case 'ready': {
      const said = m.string('name');
      if (!WORKER_NAME.test(said)) m.fail('name', 'a worker name (a letter, then letters, digits, - or _)');
      return { ev, pid: m.integer('pid', 1), name: said };
    }
    case 'lease-lost':
      return { ev, leaseId: m.string('leaseId') };
    case 'error':
      return m.has('id') ? { ev, id: m.integer('id', 0), message: m.string('message') } : { ev, message: m.string('message') };
    case 'acquired': {
      const epoch = m.optionalInteger('epoch', 0);
      const lockValue = m.optionalString('lockValue');
      return {
        ev,
        id: m.integer('id', 0),
        token: isNull(value, 'token') ? null : m.integer('token', 0),
        ...(lockValue !== undefined ? { lockValue } : {}),
        leaseId: m.string('leaseId'),
        ttlMs: m.integer('ttlMs', 1),
        grantRequestedAt: m.number('grantRequestedAt'),
        sentAt: m.number('sentAt'),
        ...(epoch !== undefined ? { epoch } : {}),
      };
    }
    case 'busy':
      return { ev, id: m.integer('id', 0), reason: m.string('reason') };
    case 'wrote':
      return {
        ev,
        id: m.integer('id', 0),
        mode: m.oneOf('mode', SINK_MODE_NAMES),
        token: isNull(value, 'token') ? null : m.token('token'),
        status: m.integer('status', 0),
        body: m.object('body'),
      };
    case 'released':
    case 'bye':
      return { ev, id: m.integer('id', 0) };
  }
}

/** The reply a runner should not have got for `op` (an error, a busy lock) as one sentence. */
export function replyProblem(message: WorkerReply): string {
  if (message.ev === 'error') return message.message;
  if (message.ev === 'busy') return message.reason;
  return `unexpected "${message.ev}"`;
}

/** A field present and null: a lock that gives no token says so explicitly. */
function isNull(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && name in value && (value as Record<string, unknown>)[name] === null;
}
