/**
 * etcd through its official JSON gateway (`/v3/...`, keys and values in
 * base64, 64-bit numbers as strings): no client library, so nothing to
 * bundle and nothing to load at start-up. The lock follows etcd's own
 * mutex: a txn that puts the key only if its create_revision is 0 (absent),
 * attached to a lease; the token is the key's create_revision, never the
 * lease ID. Several endpoints: the next one is tried when one does not answer.
 */
import { type JsonResponse, postJson } from '../http.js';
import type { AcquireOutcome, CoordinatorClient } from './client.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The key just past every key that starts with `prefix` (etcd's range_end for a prefix). */
export function prefixRangeEnd(prefix: string): string {
  const bytes = Buffer.from(prefix, 'utf8');
  for (let i = bytes.length - 1; i >= 0; i--) {
    if (bytes[i]! < 0xff) {
      const end = bytes.subarray(0, i + 1);
      end[i]! += 1;
      return end.toString('base64');
    }
  }
  return Buffer.from([0]).toString('base64');
}

export class EtcdClient implements CoordinatorClient {
  readonly kind = 'etcd' as const;
  private preferred = 0;

  constructor(private readonly endpoints: string[]) {
    if (endpoints.length === 0) throw new Error('etcd: no endpoints');
  }

  async grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }> {
    // etcd grants whole seconds and raises a TTL below its minimum.
    const res = await this.call('/v3/lease/grant', { TTL: String(Math.max(1, Math.ceil(ttlMs / 1000))) });
    if (!res.body.ID) throw new Error(`etcd lease grant: ${JSON.stringify(res.body)}`);
    return { leaseId: String(res.body.ID), ttlMs: Number(res.body.TTL) * 1000 };
  }

  async keepAlive(leaseId: string): Promise<boolean> {
    const res = await this.call('/v3/lease/keepalive', { ID: leaseId });
    const result = res.body.result as { TTL?: string } | undefined;
    return Number(result?.TTL ?? 0) > 0;
  }

  async acquire(key: string, leaseId: string): Promise<AcquireOutcome> {
    const k = b64(key);
    const res = await this.call('/v3/kv/txn', {
      compare: [{ key: k, target: 'CREATE', result: 'EQUAL', create_revision: '0' }],
      success: [{ request_put: { key: k, value: b64(leaseId), lease: leaseId } }],
      failure: [{ request_range: { key: k } }],
    });
    if (res.body.succeeded === true) {
      // The put's revision is the key's create_revision: it did not exist before.
      const header = (res.body.responses as { response_put?: { header?: { revision?: string } } }[] | undefined)?.[0]?.response_put?.header;
      const token = Number(header?.revision ?? (res.body.header as { revision?: string })?.revision);
      if (!Number.isSafeInteger(token) || token <= 0) throw new Error(`etcd txn: no revision in ${JSON.stringify(res.body)}`);
      return { acquired: true, token };
    }
    const holder = (res.body.responses as { response_range?: { kvs?: { create_revision?: string }[] } }[] | undefined)?.[0]?.response_range?.kvs?.[0];
    return { acquired: false, reason: `held, created at revision ${holder?.create_revision ?? '?'}` };
  }

  async isHeld(key: string): Promise<boolean> {
    const res = await this.call('/v3/kv/range', { key: b64(key), count_only: true }, 1000);
    return Number(res.body.count ?? 0) > 0;
  }

  async revoke(leaseId: string): Promise<void> {
    const res = await this.call('/v3/lease/revoke', { ID: leaseId });
    // Revoking a lease that already expired is fine: the goal is that it is gone.
    if (res.status !== 200 && !/not found/i.test(String(res.body.message ?? ''))) {
      throw new Error(`etcd revoke: ${JSON.stringify(res.body)}`);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.call('/v3/kv/deleterange', { key: b64(prefix), range_end: prefixRangeEnd(prefix) });
  }

  /** Ready means a lease can be granted now (health alone is not enough right after start-up). */
  async canGrant(): Promise<boolean> {
    try {
      const lease = await this.grant(1000);
      await this.revoke(lease.leaseId);
      return true;
    } catch {
      return false;
    }
  }

  private async call(path: string, payload: unknown, timeoutMs = 3000): Promise<JsonResponse> {
    let lastError: unknown;
    for (let i = 0; i < this.endpoints.length; i++) {
      const index = (this.preferred + i) % this.endpoints.length;
      const base = this.endpoints[index]!.replace(/\/+$/, '');
      try {
        const res = await postJson(`${base}${path}`, payload, timeoutMs);
        this.preferred = index;
        if (res.status !== 200 && path !== '/v3/lease/revoke') {
          throw new Error(`etcd ${path}: HTTP ${res.status} ${String(res.body.message ?? JSON.stringify(res.body))}`);
        }
        return res;
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }
}
