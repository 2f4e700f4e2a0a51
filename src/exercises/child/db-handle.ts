/**
 * The database handle the learner's code receives: every call returns a
 * promise, so the tutor can hold a request between any two of its calls
 * (the gate). It is the same for every SQLite binding: the binding sits
 * behind `SyncSqlite`, four synchronous calls.
 *
 *   await db.get(sql, ...params)      first row as an object, or undefined
 *   await db.all(sql, ...params)      every row
 *   await db.run(sql, ...params)      { changes }
 *   await db.exec(sql)                statements without parameters (tables)
 *   await db.transaction(async (tx) => ...)
 *                                     BEGIN IMMEDIATE ... COMMIT (ROLLBACK on
 *                                     a throw); tx has get, all, run
 *
 * A transaction is one step for the gate: inside it no other request can
 * write (BEGIN IMMEDIATE takes the write lock first), so holding another
 * request between two of its calls would show nothing real.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Params = (string | number | null)[];

/** What the tutor needs from a SQLite binding. */
export interface SyncSqlite {
  get(sql: string, params: Params): Record<string, unknown> | undefined;
  all(sql: string, params: Params): Record<string, unknown>[];
  run(sql: string, params: Params): { changes: number };
  exec(sql: string): void;
}

export interface StepInfo {
  op: 'get' | 'all' | 'run' | 'exec' | 'transaction';
  sql?: string;
}

/** Holds a request's next step until the tutor lets it go. */
export interface Gate {
  park(request: string, step: StepInfo): Promise<void>;
}

export interface CallContext {
  request: string;
  inTransaction: boolean;
  /** False for a request alone in flight: its calls run straight through, and are only recorded. */
  gated: boolean;
  /** The calls made so far (outside transactions), in order. */
  steps: StepInfo[];
}

export interface TxHandle {
  get(sql: string, ...params: Params): Promise<Record<string, unknown> | undefined>;
  all(sql: string, ...params: Params): Promise<Record<string, unknown>[]>;
  run(sql: string, ...params: Params): Promise<{ changes: number }>;
}

export interface DbHandle extends TxHandle {
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: TxHandle) => Promise<T>): Promise<T>;
}

const context = new AsyncLocalStorage<CallContext>();

/** Runs `work` as request `request`: its database calls pass the gate (when `gated`) and are recorded in `steps`. */
export function asRequest<T>(request: string, work: () => Promise<T>, gated = true, steps: StepInfo[] = []): Promise<T> {
  return context.run({ request, inTransaction: false, gated, steps }, work);
}

/** The request whose code is running now (undefined outside a request: setup, the tutor's reads). */
export function currentCall(): Readonly<CallContext> | undefined {
  return context.getStore();
}

export function checkParams(params: unknown[]): Params {
  for (const p of params) {
    if (p !== null && typeof p !== 'string' && typeof p !== 'number') {
      throw new TypeError(`a query parameter must be a string, a number or null, not ${typeof p}`);
    }
  }
  return params as Params;
}

export function makeDbHandle(getDb: () => SyncSqlite, gate: Gate): DbHandle {
  /** Outside a request (setup) or inside its transaction: straight through. */
  const pass = async (step: StepInfo): Promise<void> => {
    const ctx = context.getStore();
    if (!ctx || ctx.inTransaction) return;
    ctx.steps.push(step);
    if (ctx.gated) await gate.park(ctx.request, step);
  };
  const handle: DbHandle = {
    async get(sql, ...params) {
      await pass({ op: 'get', sql });
      return getDb().get(sql, checkParams(params));
    },
    async all(sql, ...params) {
      await pass({ op: 'all', sql });
      return getDb().all(sql, checkParams(params));
    },
    async run(sql, ...params) {
      await pass({ op: 'run', sql });
      return getDb().run(sql, checkParams(params));
    },
    async exec(sql) {
      await pass({ op: 'exec', sql });
      getDb().exec(sql);
    },
    async transaction(work) {
      const ctx = context.getStore();
      if (ctx?.inTransaction) throw new Error('db.transaction inside a transaction: use the tx you were given');
      await pass({ op: 'transaction' });
      const db = getDb();
      db.exec('BEGIN IMMEDIATE');
      try {
        const inner = ctx ? { ...ctx, inTransaction: true } : { request: '', inTransaction: true, gated: false, steps: [] };
        const out = await context.run(inner, () => work(handle));
        db.exec('COMMIT');
        return out;
      } catch (err) {
        try {
          db.exec('ROLLBACK');
        } catch {
          // Already rolled back by SQLite itself.
        }
        throw err;
      }
    },
  };
  return handle;
}
