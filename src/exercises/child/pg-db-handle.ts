/**
 * The learner's database handle over a real PostgreSQL (the postgres-sink
 * exercise): the same calls as SQLite's (db-handle.ts: get, all, run, exec,
 * transaction; `?` placeholders, numbered `$1`, `$2`... here), so a SQLite
 * sink runs unchanged.
 *
 * Unlike SQLite's, a transaction is not one step for the gate. PostgreSQL
 * takes no database-wide write lock at BEGIN: two transactions run side by
 * side, each on its own connection, and what one sees of the other depends
 * on the statement and the isolation level (READ COMMITTED here, the
 * server's default). So each request gets a connection of its own, and
 * every statement (BEGIN, each query, COMMIT) waits at the gate: the
 * adversary can put the other request's statements between any two of them.
 *
 * A statement the server makes wait on a row lock another request holds is
 * reported as blocked (`pg_blocking_pids()` on a second connection, never a
 * guess from a timeout), so the schedule goes on with the other request
 * while this one waits, as two real clients would.
 */
import type { Client, QueryResult } from 'pg';
import { type DbHandle, type Gate, type Params, type StepInfo, checkParams, currentCall } from './db-handle.js';

/** `?` to `$1`, `$2`, ... outside quoted literals and identifiers. */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | undefined;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '?') {
      n += 1;
      out += `$${n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

export interface PgConnections {
  /** Setup, the tutor's reads, and the watch for blocked statements. */
  admin: Client;
  /** The connection of request `request` (made or taken from the pool on its first statement). */
  forRequest(request: string): Promise<Client & { backendPid: number }>;
}

/** Told when a request's statement is seen waiting on a lock. */
export type OnBlocked = (request: string, step: StepInfo) => void;

/** Whether backend `pid` is waiting on a lock another backend holds. */
async function isBlocked(admin: Client, pid: number): Promise<boolean> {
  const { rows } = await admin.query<{ blocked: boolean }>('SELECT cardinality(pg_blocking_pids($1)) > 0 AS blocked', [pid]);
  return rows[0]?.blocked === true;
}

/** Waits for `query`; if the server makes it wait on a lock first, says so once (the schedule goes on meanwhile). */
async function watched<T>(admin: Client, pid: number, query: Promise<T>, onBlocked: () => void): Promise<T> {
  let settled = false;
  const done = query.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    if (await isBlocked(admin, pid)) {
      if (!settled) onBlocked();
      break;
    }
    // Poll again when the statement has not answered within a few milliseconds (a lock wait is seen on a later poll).
    await Promise.race([done, new Promise((r) => setTimeout(r, 5))]);
  }
  return query;
}

export function makePgDbHandle(conns: PgConnections, gate: Gate, onBlocked: OnBlocked): DbHandle {
  /** Which requests are inside db.transaction (a nested one is refused, as SQLite's handle does). */
  const inTransaction = new Set<string>();

  const query = async (step: StepInfo, text: string, params: Params): Promise<QueryResult> => {
    const ctx = currentCall();
    if (!ctx) return conns.admin.query(text, params);
    ctx.steps.push(step);
    if (ctx.gated) await gate.park(ctx.request, step);
    const client = await conns.forRequest(ctx.request);
    const running = client.query(text, params);
    // A request alone in flight has no one to wait for.
    return ctx.gated ? watched(conns.admin, client.backendPid, running, () => onBlocked(ctx.request, step)) : running;
  };
  const statement = (op: StepInfo['op'], sql: string, params: unknown[]) => query({ op, sql }, numberPlaceholders(sql), checkParams(params));

  const handle: DbHandle = {
    async get(sql, ...params) {
      return (await statement('get', sql, params)).rows[0];
    },
    async all(sql, ...params) {
      return (await statement('all', sql, params)).rows;
    },
    async run(sql, ...params) {
      return { changes: (await statement('run', sql, params)).rowCount ?? 0 };
    },
    async exec(sql) {
      await query({ op: 'exec', sql }, sql, []);
    },
    async transaction(work) {
      const request = currentCall()?.request ?? '';
      if (inTransaction.has(request)) throw new Error('db.transaction inside a transaction: use the tx you were given');
      const tx = (sql: string) => query({ op: 'transaction', sql }, sql, []);
      await tx('BEGIN ISOLATION LEVEL READ COMMITTED');
      inTransaction.add(request);
      try {
        const out = await work(handle);
        await tx('COMMIT');
        return out;
      } catch (err) {
        await tx('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        inTransaction.delete(request);
      }
    },
  };
  return handle;
}
