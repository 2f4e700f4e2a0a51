/**
 * What the runner and the workers need from a lock service. Two clients
 * implement it: the embedded coordinator's and etcd's JSON gateway.
 */
import type { CoordinatorKind } from '../types.js';

export type AcquireOutcome = { acquired: true; token: number } | { acquired: false; reason: string };

export interface CoordinatorClient {
  readonly kind: CoordinatorKind;
  /** Grants a lease; `ttlMs` is what the service actually granted. */
  grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }>;
  /** Renews; false once the lease is gone. */
  keepAlive(leaseId: string): Promise<boolean>;
  /** Creates `key` only if absent, attached to the lease; the token is its create revision. */
  acquire(key: string, leaseId: string): Promise<AcquireOutcome>;
  /** Whether the lock key exists now. */
  isHeld(key: string): Promise<boolean>;
  revoke(leaseId: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
}

export async function connectCoordinator(kind: CoordinatorKind, endpoints: string[]): Promise<CoordinatorClient> {
  if (kind === 'etcd') {
    const { EtcdClient } = await import('./etcd-client.js');
    return new EtcdClient(endpoints);
  }
  const { EmbeddedClient } = await import('./embedded-client.js');
  const [url] = endpoints;
  if (!url) throw new Error('the embedded coordinator needs its URL');
  return new EmbeddedClient(url);
}
