/**
 * The lab's sink on PostgreSQL (issue 36): the same rows and write log as the
 * SQLite sink (sink/sink-db.ts), in a schema of its own that the lab creates
 * and drops, so a server the learner points at with --postgres-url is left
 * as it was.
 *
 * The fenced write is one conditional UPDATE (`... WHERE hwm <= $token`): at
 * READ COMMITTED, the default, a check in a SELECT followed by an
 * unconditional UPDATE would race (lesson 5's grid), while a single
 * conditional statement re-checks the row it updates after waiting on a
 * concurrent writer. The split mode keeps the bug on purpose: a check in one
 * transaction, the update in another.
 */
import pg from 'pg';
import { toolVersion } from '../../platform/package-root.js';
import type { SinkRowState, TokenlessWrite, WriteDecision, WriteRequest } from '../sink/sink-db.js';
import { SINK_MODES, SINK_SCHEMA_VERSION } from '../sink/sink-db.js';
import type { SinkStore, SplitCheck } from '../sink/sink-store.js';
import type { SinkMode } from '../types.js';
import { type GridRequest, runGrid } from './isolation-grid.js';
import { openSession } from './pg-session.js';

/** A schema name we made: letters, digits and underscores only, since it is spliced into SQL. */
function isSchemaName(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

export async function openPgSinkStore(url: string, schema: string): Promise<SinkStore> {
  if (!isSchemaName(schema)) throw new Error(`not a schema name: ${JSON.stringify(schema)}`);
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on('error', () => undefined); // a backend killed under us (restart) surfaces on the next query
  const t = (name: string) => `${schema}.${name}`;
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await pool.query(`CREATE TABLE IF NOT EXISTS ${t('meta')} (key text PRIMARY KEY, value text NOT NULL)`);
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${t('resource')} (mode text PRIMARY KEY, value text, token bigint, hwm bigint NOT NULL DEFAULT 0, updated_at timestamptz)`,
  );
  await pool.query(
    `CREATE TABLE IF NOT EXISTS ${t('writes')} (id bigserial PRIMARY KEY, mode text NOT NULL, writer text NOT NULL, value text, token bigint, status int NOT NULL, accepted boolean NOT NULL, reason text, at timestamptz NOT NULL DEFAULT now())`,
  );
  await pool.query(`INSERT INTO ${t('meta')} VALUES ('schemaVersion', $1), ('version', $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
    String(SINK_SCHEMA_VERSION),
    toolVersion(),
  ]);
  for (const mode of SINK_MODES) await pool.query(`INSERT INTO ${t('resource')} (mode) VALUES ($1) ON CONFLICT DO NOTHING`, [mode]);

  let held: pg.PoolClient | undefined;

  const log = (req: WriteRequest | TokenlessWrite, status: number, accepted: boolean, reason: string | null, q: pg.Pool | pg.PoolClient = pool) =>
    q.query(`INSERT INTO ${t('writes')} (mode, writer, value, token, status, accepted, reason) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      req.mode,
      req.writer,
      req.value,
      req.token,
      status,
      accepted,
      reason,
    ]);

  const state = async (mode: SinkMode): Promise<SinkRowState> => {
    const { rows } = await pool.query(`SELECT value, token, hwm FROM ${t('resource')} WHERE mode = $1`, [mode]);
    const row = rows[0];
    if (!row) return { value: null, token: null, hwm: 0 };
    return { value: row.value, token: row.token === null ? null : Number(row.token), hwm: Number(row.hwm) };
  };

  const accepted = (req: WriteRequest, markBefore: number): WriteDecision => ({
    status: 200,
    accepted: true,
    body: { accepted: true, value: req.value, token: req.token, markBefore, hwm: req.token },
  });

  const rejected = async (req: WriteRequest, mark: number): Promise<WriteDecision> => {
    const reason = `stale token ${req.token} < mark ${mark}`;
    await log(req, 409, false, reason);
    return { status: 409, accepted: false, body: { accepted: false, reason, token: req.token, hwm: mark } };
  };

  return {
    recovery: { recovered: false },
    state,
    async refuseTokenless(req) {
      const reason = 'no token: a fenced write must carry one (spec 3.3)';
      await log(req, 409, false, reason);
      return { status: 409, accepted: false, body: { accepted: false, reason, token: null, hwm: (await state(req.mode)).hwm } };
    },
    async writePlain(req) {
      await pool.query(`UPDATE ${t('resource')} SET value = $1, token = $2, updated_at = now() WHERE mode = $3`, [req.value, req.token, req.mode]);
      await log(req, 200, true, null);
      return { status: 200, accepted: true, body: { accepted: true, value: req.value, token: req.token } };
    },
    async writeFenced(req) {
      // One statement: it reads the row it updates after any concurrent writer commits. Equal tokens pass (a retry).
      const { rows } = await pool.query(
        `UPDATE ${t('resource')} r SET value = $1, token = $2, hwm = $2, updated_at = now()
           FROM (SELECT hwm FROM ${t('resource')} WHERE mode = $3) before
          WHERE r.mode = $3 AND r.hwm <= $2 RETURNING before.hwm AS mark_before`,
        [req.value, req.token, req.mode],
      );
      if (rows.length === 0) return rejected(req, (await state(req.mode)).hwm);
      await log(req, 200, true, null);
      return accepted(req, Number(rows[0].mark_before));
    },
    async splitCheck(req): Promise<SplitCheck> {
      const mark = (await state(req.mode)).hwm;
      if (req.token < mark) return { ok: false, decision: await rejected(req, mark) };
      return { ok: true, mark };
    },
    async splitApply(req, markSeen) {
      await pool.query(`UPDATE ${t('resource')} SET value = $1, token = $2, hwm = $2, updated_at = now() WHERE mode = $3`, [req.value, req.token, req.mode]);
      await log(req, 200, true, null);
      return accepted(req, markSeen);
    },
    async holdOpenTransaction() {
      held = await pool.connect();
      // The restart experiment kills the server under this transaction: the error is the point, not a crash.
      held.on('error', () => undefined);
      await held.query('BEGIN');
      await held.query(`UPDATE ${t('resource')} SET value = 'uncommitted' WHERE mode = 'fenced'`);
    },
    async writesLog() {
      const { rows } = await pool.query(`SELECT * FROM ${t('writes')} ORDER BY id`);
      return rows;
    },
    async runGrid(req: GridRequest) {
      // Connections of their own: the grid forces its schedule statement by statement on each.
      const sessions = { admin: await openSession(url), a: await openSession(url), b: await openSession(url) };
      try {
        return await runGrid(sessions, t('grid'), req.isolations, req.checks, req.stale, req.current);
      } finally {
        for (const s of Object.values(sessions)) await s.close().catch(() => undefined);
      }
    },
    async dump() {
      const { rows } = await pool.query(`SELECT mode, value, token, hwm FROM ${t('resource')} ORDER BY mode`);
      return rows;
    },
    async close() {
      held?.release(true);
      await pool.end();
    },
  };
}

/** Drops the schema the lab made (a server the learner points at is left as it was). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!isSchemaName(schema)) throw new Error(`not a schema name: ${JSON.stringify(schema)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
