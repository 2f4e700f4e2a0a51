/**
 * What the runner and the workers need from a lock service. Every
 * coordinator implements it: the embedded one, etcd (its JSON gateway) and
 * Redis (`SET NX PX`). Which client serves which kind is the table below;
 * each loads its library only when that kind is used.
 */
import type { CoordinatorKind } from '../types.js';

/**
 * A granted lock. `token` is what a fenced sink can order: etcd's create
 * revision, a Redis INCR; null where the lock gives none (a Redis lock's
 * random value, kept as `lockValue`: it names the holder, it orders nothing).
 */
export type AcquireOutcome = { acquired: true; token: number | null; lockValue?: string } | { acquired: false; reason: string };

/** How a lock mints its token where the service offers a choice (Redis: none, or INCR in the same script). */
export type LockTokenMode = 'none' | 'incr';

export interface CoordinatorClient {
  readonly kind: CoordinatorKind;
  /** Grants a lease; `ttlMs` is what the service actually granted. */
  grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }>;
  /** Renews; false once the lease is gone. */
  keepAlive(leaseId: string): Promise<boolean>;
  /** Creates `key` only if absent, attached to the lease. */
  acquire(key: string, leaseId: string): Promise<AcquireOutcome>;
  /** Whether the lock key exists now. */
  isHeld(key: string): Promise<boolean>;
  revoke(leaseId: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Lets go of a connection that would keep the process alive (Redis); HTTP clients have none. */
  close?(): Promise<void>;
}

const CLIENTS: Record<CoordinatorKind, (endpoints: string[], token: LockTokenMode) => Promise<CoordinatorClient>> = {
  async embedded([url]) {
    if (!url) throw new Error('the embedded coordinator needs its URL');
    const { EmbeddedClient } = await import('./embedded-client.js');
    return new EmbeddedClient(url);
  },
  async etcd(endpoints) {
    const { EtcdClient } = await import('./etcd-client.js');
    return new EtcdClient(endpoints);
  },
  async redis([url], token) {
    if (!url) throw new Error('Redis needs its URL');
    const { RedisLockClient } = await import('./redis/redis-client.js');
    return new RedisLockClient(url, token);
  },
};

export function connectCoordinator(kind: CoordinatorKind, endpoints: string[], token: LockTokenMode = 'none'): Promise<CoordinatorClient> {
  return CLIENTS[kind](endpoints, token);
}
