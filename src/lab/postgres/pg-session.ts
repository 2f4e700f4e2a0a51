/**
 * The grid's SqlSession over the `pg` client (pure JavaScript, loaded only
 * by the lab and the exercises that use PostgreSQL: this module is imported
 * lazily).
 */
import pg from 'pg';
import type { SqlSession } from './isolation-grid.js';

export async function openSession(url: string): Promise<SqlSession> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backendPid = Number(rows[0]?.pid);
  return {
    backendPid,
    query: async (sql, params) => {
      const r = await client.query(sql, params);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
    close: () => client.end(),
  };
}

/** Whether a server answers at `url` (the launcher's readiness probe). */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
