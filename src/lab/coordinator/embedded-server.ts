/**
 * The embedded coordinator as a loopback HTTP service, so worker A, worker
 * B and the runner reach it the way they reach etcd: over the network, from
 * their own processes. It runs in its own process (`lab-sink --role
 * coordinator`), not inside the sink, because the restart experiment kills
 * the sink and the lock service must not die with it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJsonBody, sendJson } from '../http.js';
import { lockCoordinatorState, readRevision, statePaths, writeRevision } from './coordinator-state.js';
import { LeaseTable } from './lease-table.js';
import { errorMessage } from '../../platform/error-message.js';

export interface RunningCoordinator {
  port: number;
  server: Server;
  table: LeaseTable;
  close(): Promise<void>;
}

export async function startEmbeddedCoordinator(stateDir: string, port = 0): Promise<RunningCoordinator> {
  const paths = statePaths(stateDir);
  const unlock = lockCoordinatorState(paths.lock);
  const table = new LeaseTable(
    readRevision(paths.state),
    () => performance.now(),
    (revision) => writeRevision(paths.state, revision),
  );
  // Expired leases also end between requests, as etcd's sweep does.
  const sweep = setInterval(() => table.expireDue(), 50);
  sweep.unref();

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const body = req.method === 'POST' ? await readJsonBody(req) : {};
        switch (`${req.method} ${url.pathname}`) {
          case 'GET /health':
            return sendJson(res, 200, { ok: true, revision: table.currentRevision() });
          case 'POST /lease/grant': {
            const ttlMs = Number(body.ttlMs);
            if (!Number.isFinite(ttlMs) || ttlMs < 100) return sendJson(res, 400, { error: 'ttlMs must be >= 100' });
            const lease = table.grant(Math.round(ttlMs));
            return sendJson(res, 200, { leaseId: lease.id, ttlMs: lease.ttlMs });
          }
          case 'POST /lease/keepalive': {
            const lease = table.keepAlive(String(body.leaseId));
            return lease ? sendJson(res, 200, { ttlMs: lease.ttlMs }) : sendJson(res, 404, { error: 'lease not found' });
          }
          case 'POST /lease/revoke':
            return sendJson(res, 200, { revision: table.revoke(String(body.leaseId)) });
          case 'POST /lock/acquire':
            return sendJson(res, 200, table.acquire(String(body.key), String(body.leaseId)));
          case 'GET /lock': {
            const info = table.lookup(url.searchParams.get('key') ?? '');
            return sendJson(res, 200, { present: Boolean(info), ...info, revision: table.currentRevision() });
          }
          case 'POST /prefix/delete':
            return sendJson(res, 200, { deleted: table.deletePrefix(String(body.prefix)) });
          default:
            return sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
        }
      } catch (err) {
        sendJson(res, 500, { error: errorMessage(err) });
      }
    })();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    port: (server.address() as AddressInfo).port,
    server,
    table,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(sweep);
        server.closeAllConnections();
        server.close(() => {
          unlock();
          resolve();
        });
      }),
  };
}
