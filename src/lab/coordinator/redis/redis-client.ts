/**
 * A lock on Redis, as the lab's coordinator (through `ioredis`, loaded only
 * here). A "lease" is the lock's random value and its TTL: Redis keeps no
 * lease apart from the key, so `grant` asks the server nothing and the key's
 * own expiry (PX) is the lease. Without a token mode the lock gives no token
 * at all (a random value orders nothing: JSON null); with `incr` the same
 * script that sets the key increments a counter, and that is the token.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AcquireOutcome, CoordinatorClient, LockTokenMode } from '../client.js';
import { ACQUIRE_WITH_TOKEN_SCRIPT, RELEASE_SCRIPT, RENEW_SCRIPT } from './redis-scripts.js';

/** The counter `--token incr` mints from: beside the lock key, so the run's prefix covers it. */
function tokenCounterKey(lockKey: string): string {
  return `${lockKey}:token`;
}

export class RedisLockClient implements CoordinatorClient {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  /** lock value → the key it holds and its TTL (what a renewal extends it to). */
  private readonly leases = new Map<string, { key?: string; ttlMs: number }>();

  constructor(
    url: string,
    private readonly tokenMode: LockTokenMode = 'none',
  ) {
    this.redis = new Redis(url, {
      // A call fails fast while the server is down (the restart experiment), instead of queueing forever.
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 20, 200),
      lazyConnect: false,
    });
    // ioredis prints "Unhandled error event" on stderr without a listener; a failed call rejects anyway.
    this.redis.on('error', () => undefined);
  }

  async grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }> {
    const value = randomBytes(16).toString('hex');
    this.leases.set(value, { ttlMs });
    return { leaseId: value, ttlMs };
  }

  async keepAlive(leaseId: string): Promise<boolean> {
    const lease = this.leases.get(leaseId);
    if (!lease?.key) return false;
    return Number(await this.redis.eval(RENEW_SCRIPT, 1, lease.key, leaseId, String(lease.ttlMs))) === 1;
  }

  async acquire(key: string, leaseId: string): Promise<AcquireOutcome> {
    const lease = this.leases.get(leaseId);
    if (!lease) return { acquired: false, reason: 'no such lock value' };
    if (this.tokenMode === 'incr') {
      const token = await this.redis.eval(ACQUIRE_WITH_TOKEN_SCRIPT, 2, key, tokenCounterKey(key), leaseId, String(lease.ttlMs));
      if (token === null) return { acquired: false, reason: 'held (SET NX refused)' };
      lease.key = key;
      return { acquired: true, token: Number(token), lockValue: leaseId };
    }
    const set = await this.redis.set(key, leaseId, 'PX', lease.ttlMs, 'NX');
    if (set !== 'OK') return { acquired: false, reason: 'held (SET NX refused)' };
    lease.key = key;
    return { acquired: true, token: null, lockValue: leaseId };
  }

  async isHeld(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }

  async revoke(leaseId: string): Promise<void> {
    const lease = this.leases.get(leaseId);
    this.leases.delete(leaseId);
    if (lease?.key) await this.redis.eval(RELEASE_SCRIPT, 1, lease.key, leaseId);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 100);
      if (keys.length > 0) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
