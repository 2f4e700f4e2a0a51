/**
 * The sink child's database, behind one interface for both kinds: a real
 * SQLite file (exercises 1-5, here) or a real PostgreSQL server
 * (postgres-sink, pg-store.ts).
 */
import { rmSync } from 'node:fs';
import { compileWasmWithBaselineOnly } from '../../platform/wasm-baseline.js';
import { type DbHandle, type Gate, makeDbHandle, type Params, type SyncSqlite } from './db-handle.js';

export interface ChildStore {
  /** The handle the learner's functions receive. */
  readonly db: DbHandle;
  /** A database by name (a file for SQLite, a schema for PostgreSQL) with the resource row; kept if it exists. */
  open(name: string): Promise<void>;
  /** The resource row as stored. */
  state(): Promise<{ value: unknown; mark: unknown } | undefined>;
  /** A request's end: what it holds is given back. */
  release(request: string): Promise<void>;
  close(): Promise<void>;
}

// synchronous=OFF: no fsync per transaction. A SIGKILLed process loses nothing the
// OS already holds (only a power cut would), and every trial opens a fresh file.
const RESOURCE_TABLE =
  'PRAGMA synchronous = OFF; CREATE TABLE IF NOT EXISTS resource (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT, mark INTEGER NOT NULL DEFAULT 0); INSERT OR IGNORE INTO resource (id) VALUES (1);';

export async function openSqliteStore(gate: Gate): Promise<ChildStore> {
  // Before SQLite's WebAssembly compiles (platform/wasm-baseline.ts): every check starts a sink.
  await compileWasmWithBaselineOnly();
  const sqlite = (await import('node-sqlite3-wasm')).default;
  // The first database compiles the WebAssembly: here, while the tutor waits for the expiry, not in a check.
  new sqlite.Database(':memory:').close();
  let raw: InstanceType<typeof sqlite.Database> | undefined;
  const binding: SyncSqlite = {
    get: (sql, params) => raw!.get(sql, params as never) ?? undefined,
    all: (sql, params) => raw!.all(sql, params as never) as Record<string, unknown>[],
    run: (sql, params) => ({ changes: Number(raw!.run(sql, params as never).changes) }),
    exec: (sql) => raw!.exec(sql),
  };
  const db = makeDbHandle(() => {
    if (!raw) throw new Error('no database is open');
    return binding;
  }, gate);
  const closeDb = () => {
    try {
      raw?.close();
    } catch {
      // A database left in a transaction by a hung call: nothing to save.
    }
    raw = undefined;
  };
  return {
    db,
    async open(file) {
      closeDb();
      // This WebAssembly SQLite locks with a directory, which a sink killed inside a
      // transaction leaves behind; that sink is gone (the tutor killed its group).
      rmSync(`${file}.lock`, { recursive: true, force: true });
      raw = new sqlite.Database(file);
      raw.exec(RESOURCE_TABLE);
    },
    async state() {
      return raw?.get('SELECT value, mark FROM resource WHERE id = 1', [] as Params as never) as { value: unknown; mark: unknown } | undefined;
    },
    release: async () => undefined,
    async close() {
      closeDb();
    },
  };
}
