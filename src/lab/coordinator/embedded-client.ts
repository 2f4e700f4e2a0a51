/** Client of the embedded coordinator's loopback HTTP service. */
import { getJson, type JsonResponse, postJson } from '../http.js';
import type { AcquireOutcome, CoordinatorClient } from './client.js';

export class EmbeddedClient implements CoordinatorClient {
  readonly kind = 'embedded' as const;

  constructor(private readonly baseUrl: string) {}

  async grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }> {
    const res = ok(await postJson(`${this.baseUrl}/lease/grant`, { ttlMs }), 'lease grant');
    return { leaseId: String(res.body.leaseId), ttlMs: Number(res.body.ttlMs) };
  }

  async keepAlive(leaseId: string): Promise<boolean> {
    const res = await postJson(`${this.baseUrl}/lease/keepalive`, { leaseId });
    return res.status === 200;
  }

  async acquire(key: string, leaseId: string): Promise<AcquireOutcome> {
    const res = ok(await postJson(`${this.baseUrl}/lock/acquire`, { key, leaseId }), 'acquire');
    if (res.body.acquired === true) return { acquired: true, token: Number(res.body.token) };
    const reason =
      res.body.reason === 'held'
        ? `held by a lease, created at revision ${(res.body.holder as { createRevision?: number })?.createRevision}`
        : 'the lease is gone';
    return { acquired: false, reason };
  }

  async isHeld(key: string): Promise<boolean> {
    const res = ok(await getJson(`${this.baseUrl}/lock?key=${encodeURIComponent(key)}`, 1000), 'lock lookup');
    return res.body.present === true;
  }

  async revoke(leaseId: string): Promise<void> {
    ok(await postJson(`${this.baseUrl}/lease/revoke`, { leaseId }), 'revoke');
  }

  async deletePrefix(prefix: string): Promise<void> {
    ok(await postJson(`${this.baseUrl}/prefix/delete`, { prefix }), 'delete prefix');
  }
}

function ok(res: JsonResponse, what: string): JsonResponse {
  if (res.status !== 200) throw new Error(`coordinator ${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
