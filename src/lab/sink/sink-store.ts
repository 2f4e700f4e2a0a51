/**
 * What the sink's HTTP service needs of its database, whichever it is:
 * SQLite in a file (sink-db.ts, the default) or PostgreSQL (issue 36,
 * postgres/pg-sink-store.ts). Async, since PostgreSQL answers over a socket;
 * SQLite's synchronous calls are wrapped.
 */
import type { GridCell, GridRequest } from '../postgres/isolation-grid.js';
import type { SinkMode } from '../types.js';
import type { LockRecovery, SinkDb, SinkRowState, TokenlessWrite, WriteDecision, WriteRequest } from './sink-db.js';

export type SplitCheck = { ok: true; mark: number } | { ok: false; decision: WriteDecision };

export interface SinkStore {
  /** What the store found left by a killed predecessor (SQLite's lock directory; nothing for PostgreSQL). */
  readonly recovery: LockRecovery;
  state(mode: SinkMode): Promise<SinkRowState>;
  /** plain: accepts everything, a write without a token too. */
  writePlain(req: WriteRequest | TokenlessWrite): Promise<WriteDecision>;
  /** A fenced mode's answer to a write that carries no token (a Redis lock's random value): refused (spec 3.3). */
  refuseTokenless(req: TokenlessWrite): Promise<WriteDecision>;
  /** fenced/atomic: the check and the update cannot interleave with another writer's. */
  writeFenced(req: WriteRequest): Promise<WriteDecision>;
  /** split, first half: read the mark and compare, in a transaction of its own. */
  splitCheck(req: WriteRequest): Promise<SplitCheck>;
  /** split, second half: write value and mark with no second look. This is the bug. */
  splitApply(req: WriteRequest, markSeen: number): Promise<WriteDecision>;
  /** The restart experiment's hold: a write transaction that is never committed. */
  holdOpenTransaction(): Promise<void>;
  writesLog(): Promise<Record<string, unknown>[]>;
  /** PostgreSQL only: the split race replayed under each isolation level and check (issue 36). */
  runGrid?(req: GridRequest): Promise<GridCell[]>;
  /** PostgreSQL only: the rows as they stand, for the evidence (the cluster is gone after the run). */
  dump?(): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The SQLite sink as a SinkStore. */
export function sqliteStore(db: SinkDb): SinkStore {
  return {
    recovery: db.recovery,
    state: async (mode) => db.state(mode),
    writePlain: async (req) => db.writePlain(req),
    writeFenced: async (req) => db.writeFenced(req),
    refuseTokenless: async (req) => db.refuseTokenless(req),
    splitCheck: async (req) => db.splitCheck(req),
    splitApply: async (req, mark) => db.splitApply(req, mark),
    holdOpenTransaction: async () => db.holdOpenTransaction(),
    writesLog: async () => db.writesLog(),
    close: async () => db.close(),
  };
}
