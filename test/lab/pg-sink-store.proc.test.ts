/**
 * Issue 36: the lab's sink contract on PostgreSQL. The same HTTP service as
 * the SQLite sink (startSink), over a store in a schema of its own: a stale
 * token is refused, concurrent fenced writes never lower the mark (one
 * conditional UPDATE at READ COMMITTED), the split mode still lowers it when
 * a barrier holds A between its check and its write, and the schema is
 * dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/lab/postgres/pg-session.js';
import { dropSchema, openPgSinkStore } from '../../src/lab/postgres/pg-sink-store.js';
import { canConnect } from '../../src/lab/postgres/pg-session.js';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { findPostgresBin, type LaunchedPostgres, launchPostgres } from '../../src/lab/postgres/postgres-server.js';
import { type RunningSink, startSink } from '../../src/lab/sink/sink-server.js';
import { waitUntil } from '../helpers/wait-until.js';
import { postgresMissing } from './helpers.js';

const skip = await postgresMissing();
const SCHEMA = 'fence_lab_test';

describe.skipIf(skip)('the sink on a real PostgreSQL', { timeout: 120_000 }, () => {
  let server: LaunchedPostgres;
  let sink: RunningSink;
  const base = () => `http://127.0.0.1:${sink.port}`;
  const write = async (mode: string, body: Record<string, unknown>) => {
    const res = await fetch(`${base()}/write/${mode}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const state = async (mode: string) => (await (await fetch(`${base()}/state/${mode}`)).json()) as { value: string; hwm: number };

  beforeAll(async () => {
    const bin = findPostgresBin();
    if (!bin) throw new Error('PostgreSQL is required here (FENCE_REQUIRE_TOOLS=1): apt-get install postgresql');
    server = await launchPostgres(bin, canConnect, { recorder: UNRECORDED });
    sink = await startSink(await openPgSinkStore(server.url, SCHEMA));
  }, 120_000);

  afterAll(async () => {
    await sink?.close();
    await server?.server.stop();
  });

  it('fenced: a newer token is applied, an older one refused with 409, an equal one passes as a retry', async () => {
    expect((await write('fenced', { writer: 'B', value: 'B-current', token: 7 })).status).toBe(200);
    const stale = await write('fenced', { writer: 'A', value: 'A-late', token: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('stale token 5 < mark 7');
    expect((await write('fenced', { writer: 'B', value: 'B-again', token: 7 })).status).toBe(200);
    expect(await state('fenced')).toMatchObject({ value: 'B-again', hwm: 7 });
  });

  it('fenced: 40 concurrent writes with shuffled tokens end at the highest, and no accepted write lowered the mark', async () => {
    const tokens = Array.from({ length: 40 }, (_, i) => 100 + ((i * 17) % 40));
    const results = await Promise.all(tokens.map((token) => write('atomic', { writer: `W${token}`, value: `v${token}`, token })));
    expect(await state('atomic')).toMatchObject({ value: 'v139', hwm: 139 });
    for (const r of results.filter((x) => x.status === 200)) expect(Number(r.body.hwm)).toBeGreaterThanOrEqual(Number(r.body.markBefore));
  });

  it("split: A held between its check and its write lands after B's and lowers the mark (the bug the mode shows)", async () => {
    expect((await write('split', { writer: 'A', value: 'A-early', token: 5 })).status).toBe(200);
    const late = write('split', { writer: 'A', value: 'A-late', token: 5, hold: 'race' });
    await waitUntil(async () => ((await (await fetch(`${base()}/barrier/race`)).json()) as { parked: boolean }).parked);
    expect((await write('split', { writer: 'B', value: 'B-current', token: 7, release: 'race' })).status).toBe(200);
    expect((await late).status).toBe(200);
    expect(await state('split')).toMatchObject({ value: 'A-late', hwm: 5 });
  });

  it('plain accepts everything; the write log records every attempt', async () => {
    expect((await write('plain', { writer: 'A', value: 'x', token: 1 })).status).toBe(200);
    const log = (await (await fetch(`${base()}/writes`)).json()) as { writes: { writer: string; accepted: boolean }[] };
    expect(log.writes.some((w) => w.writer === 'A' && w.accepted === false)).toBe(true);
    expect(log.writes.length).toBeGreaterThan(40);
  });

  it('the schema is dropped afterwards, leaving the server as it was', async () => {
    await dropSchema(server.url, SCHEMA);
    const s = await openSession(server.url);
    const { rows } = await s.query('SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1', [SCHEMA]);
    await s.close();
    expect(rows[0]?.n).toBe(0);
  });
});
