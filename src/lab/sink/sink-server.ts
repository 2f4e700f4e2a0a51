/**
 * The sink: an HTTP service on 127.0.0.1 in front of the SQLite database,
 * with every write mode on the same service.
 *   POST /write/<mode>   {writer, value, token, hold?, release?} → 200, 409, or 400 when malformed
 *                        (token: an integer, or [epoch, revision] in the epoch mode; see protocol/sink-write.ts)
 *   GET  /state/<mode>   {value, token, hwm}
 *   GET  /barrier/<name> {parked}
 *   POST /admin/hold-transaction   opens a write transaction and never commits
 *                                   (the restart experiment kills the sink in it)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJsonBody, sendJson } from '../http.js';
import type { SinkMode } from '../types.js';
import { ProtocolError } from '../protocol/fields.js';
import { parseSinkWrite, type SinkWriteBody } from '../protocol/sink-write.js';
import { packEpochToken } from '../tokens/epoch-token.js';
import { Barriers } from './barrier.js';
import { type GridRequest, parseGridRequest } from '../postgres/isolation-grid.js';
import { SINK_MODES, SinkDb, type WriteDecision, type WriteRequest } from './sink-db.js';
import { type SinkStore, sqliteStore } from './sink-store.js';
import { errorMessage } from '../../platform/error-message.js';

const BARRIER_TIMEOUT_MS = 5000;

export interface RunningSink {
  server: Server;
  port: number;
  db: SinkStore;
  close(): Promise<void>;
}

/** The sink on SQLite in `dbPath`, or on any other store (PostgreSQL: issue 36). */
export async function startSink(dbPath: string | SinkStore, port = 0): Promise<RunningSink> {
  const db = typeof dbPath === 'string' ? sqliteStore(new SinkDb(dbPath)) : dbPath;
  const barriers = new Barriers();

  async function write(mode: SinkMode, raw: unknown): Promise<WriteDecision> {
    let body: SinkWriteBody;
    try {
      body = parseSinkWrite(raw, mode);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      return { status: 400, accepted: false, body: { accepted: false, reason: err.message } };
    }
    const unfenced = mode === 'plain' || process.env.FENCE_LAB_SINK_FAULT === 'no-fence';
    if (body.token === null) {
      // A lock that gives no token (Redis's random value): plain takes it, a fence has nothing to compare (spec 3.3).
      const req = { mode, writer: body.writer, value: body.value, token: null };
      return unfenced ? await db.writePlain(req) : await db.refuseTokenless(req);
    }
    // The rows hold one INTEGER: an [epoch, revision] token is packed so integer order is the pair's order.
    const [epoch, revision] = Array.isArray(body.token) ? body.token : [0, body.token];
    let token: number;
    try {
      token = mode === 'epoch' ? packEpochToken(epoch, revision) : revision;
    } catch (err) {
      return { status: 400, accepted: false, body: { accepted: false, reason: errorMessage(err) } };
    }
    const req: WriteRequest = { mode, writer: body.writer, value: body.value, token };
    const { hold, release } = body;
    let decision: WriteDecision;
    if (mode === 'split') {
      const check = await db.splitCheck(req);
      if (!check.ok) decision = check.decision;
      else {
        if (hold) await barriers.park(hold, BARRIER_TIMEOUT_MS);
        decision = await db.splitApply(req, check.mark);
      }
    } else {
      if (hold) await barriers.park(hold, BARRIER_TIMEOUT_MS);
      // FENCE_LAB_SINK_FAULT=no-fence (read above): a sink that forgot its fence (the tests use it
      // to prove an outcome other than the expected one is reported, never hidden).
      decision = unfenced ? await db.writePlain(req) : await db.writeFenced(req);
    }
    if (release) barriers.release(release);
    return decision;
  }

  const server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const [, section, name] = url.pathname.split('/');
        const mode = SINK_MODES.find((m) => m === name);
        if (req.method === 'POST' && section === 'write' && mode) {
          // A body that is not a JSON object is the writer's mistake (400), not the sink's (500).
          const raw = await readJsonBody(req).catch((err: Error) => err);
          const decision =
            raw instanceof Error ? { status: 400, body: { accepted: false, reason: `a write to the ${mode} sink: ${raw.message}` } } : await write(mode, raw);
          sendJson(res, decision.status, decision.body);
        } else if (req.method === 'GET' && section === 'state' && mode) {
          sendJson(res, 200, await db.state(mode));
        } else if (req.method === 'GET' && section === 'barrier' && name) {
          sendJson(res, 200, { parked: barriers.parked(name) });
        } else if (req.method === 'POST' && section === 'admin' && name === 'hold-transaction') {
          await db.holdOpenTransaction();
          sendJson(res, 200, { held: true });
        } else if (req.method === 'POST' && section === 'admin' && name === 'grid' && db.runGrid) {
          const raw = await readJsonBody(req);
          let gridReq: GridRequest;
          try {
            gridReq = parseGridRequest(raw);
          } catch (err) {
            sendJson(res, 400, { error: errorMessage(err) });
            return;
          }
          sendJson(res, 200, { cells: await db.runGrid(gridReq) });
        } else if (req.method === 'GET' && section === 'admin' && name === 'dump' && db.dump) {
          sendJson(res, 200, { rows: await db.dump(), writes: await db.writesLog() });
        } else if (req.method === 'GET' && section === 'writes') {
          sendJson(res, 200, { writes: await db.writesLog() });
        } else {
          sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
        }
      } catch (err) {
        sendJson(res, 500, { error: errorMessage(err) });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    db,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          void db
            .close()
            .catch(() => undefined)
            .then(resolve);
        });
      }),
  };
}
