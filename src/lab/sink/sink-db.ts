/**
 * The sink's SQLite database: one row per mode (value, token, high-water
 * mark) and a log of every write attempt. node-sqlite3-wasm writes a real
 * file that Debian's `sqlite3` opens; it locks by creating the directory
 * `<db>.lock`, which a killed sink leaves behind, so `openSinkDb` recovers
 * it (after checking that the sink that owned it is gone).
 */
import { existsSync, rmSync } from 'node:fs';
import sqlite3, { type Database as DatabaseType } from 'node-sqlite3-wasm';
import { writeJsonAtomic } from '../../platform/atomic-file.js';
import { toolVersion } from '../../platform/package-root.js';
import { ownerRuns, readLockOwner } from '../processes/proc.js';
import { SINK_MODE_NAMES, type SinkMode } from '../types.js';

/** One row as stored: tokens are integers here (an epoch-mode token is packed). */
export interface SinkRowState {
  value: string | null;
  token: number | null;
  hwm: number;
}

export const SINK_SCHEMA_VERSION = 1;
export const SINK_MODES: readonly SinkMode[] = SINK_MODE_NAMES;

export interface WriteRequest {
  mode: SinkMode;
  writer: string;
  value: string;
  token: number;
}

/** A write from a lock that gives no token. */
export type TokenlessWrite = Omit<WriteRequest, 'token'> & { token: null };

export interface WriteDecision {
  status: number;
  accepted: boolean;
  body: Record<string, unknown>;
}

export interface LockRecovery {
  /** A stale `<db>.lock` directory was found and removed. */
  recovered: boolean;
  /** The pid that had owned it, when recorded. */
  previousOwner?: number;
}

export class SinkDbBusyError extends Error {}

function lockDir(path: string): string {
  return `${path}.lock`;
}
function ownerFile(path: string): string {
  return `${path}.owner.json`;
}

/**
 * Removes a lock directory left by a sink that no longer runs. A lock held
 * by a live sink (same pid and command line as recorded) is left alone and
 * reported as busy.
 */
export function recoverStaleLock(path: string): LockRecovery {
  if (!existsSync(lockDir(path))) return { recovered: false };
  // No owner recorded ({}): only sinks lock this file, so nobody alive holds it.
  const owner = readLockOwner(ownerFile(path));
  if (owner.pid !== process.pid && ownerRuns(owner)) {
    throw new SinkDbBusyError(`${path} is in use by a running sink (pid ${owner.pid})`);
  }
  rmSync(lockDir(path), { recursive: true, force: true });
  return { recovered: true, ...(owner.pid ? { previousOwner: owner.pid } : {}) };
}

export class SinkDb {
  readonly db: DatabaseType;
  readonly recovery: LockRecovery;

  constructor(readonly path: string) {
    this.recovery = recoverStaleLock(path);
    writeJsonAtomic(ownerFile(path), { pid: process.pid, argv: process.argv });
    this.db = new sqlite3.Database(path);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS resource (
        mode TEXT PRIMARY KEY, value TEXT, token INTEGER, hwm INTEGER NOT NULL DEFAULT 0, updated_at TEXT);
      CREATE TABLE IF NOT EXISTS writes (
        id INTEGER PRIMARY KEY AUTOINCREMENT, mode TEXT NOT NULL, writer TEXT NOT NULL, value TEXT,
        token INTEGER, status INTEGER NOT NULL, accepted INTEGER NOT NULL, reason TEXT, at TEXT NOT NULL);
    `);
    this.transaction(() => {
      this.db.run('INSERT OR REPLACE INTO meta VALUES (?, ?)', ['schemaVersion', String(SINK_SCHEMA_VERSION)]);
      this.db.run('INSERT OR REPLACE INTO meta VALUES (?, ?)', ['version', toolVersion()]);
      for (const mode of SINK_MODES) this.db.run('INSERT OR IGNORE INTO resource (mode) VALUES (?)', [mode]);
    });
  }

  /** BEGIN IMMEDIATE: the write lock is taken before the first read, so check and update cannot interleave. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const out = work();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  state(mode: SinkMode): SinkRowState {
    const row = this.db.get('SELECT value, token, hwm FROM resource WHERE mode = ?', [mode]) as
      | { value: string | null; token: number | null; hwm: number }
      | undefined;
    if (!row) return { value: null, token: null, hwm: 0 };
    return { value: row.value, token: row.token === null ? null : Number(row.token), hwm: Number(row.hwm) };
  }

  /** plain: accepts everything and records the token it was given (none, from a lock without one), nothing more. */
  writePlain(req: WriteRequest | TokenlessWrite): WriteDecision {
    return this.transaction(() => {
      this.db.run('UPDATE resource SET value = ?, token = ?, updated_at = ? WHERE mode = ?', [req.value, req.token, new Date().toISOString(), req.mode]);
      this.log(req, 200, true, null);
      return { status: 200, accepted: true, body: { accepted: true, value: req.value, token: req.token } };
    });
  }

  /**
   * fenced/atomic: one immediate transaction reads the mark, compares, and
   * updates value and mark together. Equal tokens pass (same generation).
   */
  writeFenced(req: WriteRequest): WriteDecision {
    const decision = this.transaction(() => {
      const { hwm } = this.state(req.mode);
      const mark = hwm ?? 0;
      if (req.token < mark) return this.reject(req, mark);
      return this.apply(req, mark);
    });
    return decision;
  }

  /** A fenced mode refuses a write without a token and changes nothing (spec 3.3). */
  refuseTokenless(req: TokenlessWrite): WriteDecision {
    return this.transaction(() => {
      const reason = 'no token: a fenced write must carry one (spec 3.3)';
      this.log(req, 409, false, reason);
      return { status: 409, accepted: false, body: { accepted: false, reason, token: null, hwm: this.state(req.mode).hwm ?? 0 } };
    });
  }

  /** split, first half: read the mark in its own transaction and compare. */
  splitCheck(req: WriteRequest): { ok: true; mark: number } | { ok: false; decision: WriteDecision } {
    const mark = this.state(req.mode).hwm ?? 0;
    if (req.token < mark) return { ok: false, decision: this.transaction(() => this.reject(req, mark)) };
    return { ok: true, mark };
  }

  /** split, second half: write value and mark with no second look. This is the bug. */
  splitApply(req: WriteRequest, markSeen: number): WriteDecision {
    return this.transaction(() => this.apply(req, markSeen));
  }

  /** The hold used by the restart experiment: a write transaction that is never committed. */
  holdOpenTransaction(): void {
    this.db.exec('BEGIN IMMEDIATE');
    this.db.run("UPDATE resource SET value = 'uncommitted' WHERE mode = 'fenced'");
  }

  writesLog(): Record<string, unknown>[] {
    return this.db.all('SELECT * FROM writes ORDER BY id') as Record<string, unknown>[];
  }

  close(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.close();
    } finally {
      rmSync(ownerFile(this.path), { force: true });
    }
  }

  private apply(req: WriteRequest, markBefore: number): WriteDecision {
    this.db.run('UPDATE resource SET value = ?, token = ?, hwm = ?, updated_at = ? WHERE mode = ?', [
      req.value,
      req.token,
      req.token,
      new Date().toISOString(),
      req.mode,
    ]);
    this.log(req, 200, true, null);
    return {
      status: 200,
      accepted: true,
      body: { accepted: true, value: req.value, token: req.token, markBefore, hwm: req.token },
    };
  }

  private reject(req: WriteRequest, mark: number): WriteDecision {
    const reason = `stale token ${req.token} < mark ${mark}`;
    this.log(req, 409, false, reason);
    return { status: 409, accepted: false, body: { accepted: false, reason, token: req.token, hwm: mark } };
  }

  private log(req: WriteRequest | TokenlessWrite, status: number, accepted: boolean, reason: string | null): void {
    this.db.run('INSERT INTO writes (mode, writer, value, token, status, accepted, reason, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      req.mode,
      req.writer,
      req.value,
      req.token,
      status,
      accepted ? 1 : 0,
      reason,
      new Date().toISOString(),
    ]);
  }
}
