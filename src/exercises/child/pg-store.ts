/**
 * The postgres-sink exercise's database, in the learner's sink process: a
 * real PostgreSQL server the tutor started (its URL comes with `open`).
 * Each trial gets a fresh schema holding the resource table; every
 * connection's search_path points at it, so the learner's SQL names
 * `resource` as it would on SQLite. A restarted sink opens the same schema
 * again and finds what the killed one committed.
 */
import pg from 'pg';
import type { Gate } from './db-handle.js';
import { makePgDbHandle, type OnBlocked } from './pg-db-handle.js';
import type { ChildStore } from './sqlite-store.js';

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;
const INT8_OID = 20;

/** Marks are tokens (safe integers): a bigint column reads as a number, as SQLite's INTEGER does. */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (v: string) => Number(v) : (pg.types.getTypeParser as (o: number, f?: string) => (v: string) => unknown)(oid, format),
};

function tableSql(schema: string): string {
  return [
    `CREATE SCHEMA IF NOT EXISTS ${schema}`,
    `CREATE TABLE IF NOT EXISTS ${schema}.resource (id integer PRIMARY KEY CHECK (id = 1), value text, mark bigint NOT NULL DEFAULT 0)`,
    `INSERT INTO ${schema}.resource (id) VALUES (1) ON CONFLICT (id) DO NOTHING`,
  ].join('; ');
}

type RequestClient = pg.Client & { backendPid: number; schema?: string | undefined };

export async function openPgStore(url: string, gate: Gate, onBlocked: OnBlocked): Promise<ChildStore> {
  const connect = async (): Promise<RequestClient> => {
    const client = new pg.Client({ connectionString: url, types }) as RequestClient;
    // A server gone away mid-trial is told by the next query; an unhandled 'error' event would crash the sink.
    client.on('error', () => undefined);
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    client.backendPid = Number(rows[0]?.pid);
    return client;
  };
  const admin = await connect();
  let schema: string | undefined;
  const idle: RequestClient[] = [];
  const busy = new Map<string, RequestClient>();

  const forRequest = async (request: string): Promise<RequestClient> => {
    let client = busy.get(request);
    if (!client) {
      client = idle.pop() ?? (await connect());
      busy.set(request, client);
    }
    if (client.schema !== schema) {
      await client.query(`SET search_path TO ${schema}`);
      client.schema = schema;
    }
    return client;
  };

  const db = makePgDbHandle({ admin, forRequest }, gate, onBlocked);
  return {
    db,
    async open(name) {
      if (!SCHEMA.test(name)) throw new Error(`not a schema name: ${name}`);
      // The last trial's schema goes: a throwaway server, but hundreds of tables would slow the catalog.
      const drop = schema !== undefined && schema !== name ? `DROP SCHEMA IF EXISTS ${schema} CASCADE; ` : '';
      await admin.query(`${drop}${tableSql(name)}; SET search_path TO ${name}`);
      schema = name;
    },
    async state() {
      const { rows } = await admin.query<{ value: string | null; mark: number | null }>('SELECT value, mark FROM resource WHERE id = 1');
      return rows[0];
    },
    async release(request) {
      const client = busy.get(request);
      if (!client) return;
      busy.delete(request);
      try {
        // Whatever the request left open ends with it (a warning, not an error, when nothing was open).
        await client.query('ROLLBACK');
        idle.push(client);
      } catch {
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      await Promise.allSettled([admin, ...idle, ...busy.values()].map((c) => c.end()));
    },
  };
}
