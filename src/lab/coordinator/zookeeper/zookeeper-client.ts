/**
 * A lock on ZooKeeper, as the lab's coordinator (through
 * node-zookeeper-client, loaded only here), after "Recipes and Solutions",
 * Locks: each contender creates an ephemeral sequential child under the lock
 * node and holds the lock when its child has the lowest sequence number. A
 * "lease" is a session: its timeout plays the TTL (the server bounds it to 2
 * to 20 ticks; `grant` reports what was negotiated), its heartbeats are the
 * keepalive, and a stopped client's session expires, which deletes its child.
 * The token is the holder child's `czxid`: a zxid, leader epoch in the high
 * 32 bits and a counter in the low 32. It travels as one integer (exact while
 * the epoch is below 2^21), which orders as the pair does and is what the
 * sink compares; the result reports it as `[epoch, counter]`
 * (tokens/lab-token.ts).
 *
 * The recipe itself (and its waiter, which watches its predecessor only) is
 * lock-recipe.ts; the lab acquires without waiting (B asks only once A's
 * child is gone), so a contender that is not lowest answers busy.
 */
import zookeeper, { type Client, type Stat } from 'node-zookeeper-client';
import type { AcquireOutcome, CoordinatorClient } from '../client.js';
import { call, lockRecipe } from './lock-recipe.js';

/** A zxid's two halves: the leader epoch and the counter within it. */
function splitZxid(zxid: bigint): { epoch: number; counter: number; hex: string } {
  return { epoch: Number(zxid >> 32n), counter: Number(zxid & 0xffffffffn), hex: `0x${zxid.toString(16)}` };
}

function connect(connectString: string, sessionTimeout: number): Promise<Client> {
  const client = zookeeper.createClient(connectString, { sessionTimeout, spinDelay: 100, retries: 2 });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.close();
      reject(new Error(`ZooKeeper at ${connectString} did not answer`));
    }, 10_000);
    client.once('connected', () => {
      clearTimeout(timer);
      resolve(client);
    });
    client.connect();
  });
}

export class ZooKeeperLockClient implements CoordinatorClient {
  readonly kind = 'zookeeper' as const;
  /** session id (hex) → its session and the child it created. */
  private readonly sessions = new Map<string, { client: Client; child?: string }>();
  private admin: Client | undefined;

  constructor(private readonly connectString: string) {}

  async grant(ttlMs: number): Promise<{ leaseId: string; ttlMs: number }> {
    const client = await connect(this.connectString, ttlMs);
    const leaseId = client.getSessionId().toString('hex');
    this.sessions.set(leaseId, { client });
    return { leaseId, ttlMs: client.getSessionTimeout() };
  }

  async keepAlive(leaseId: string): Promise<boolean> {
    // The library sends the session's heartbeats itself; the lease lives while the session does.
    return this.sessions.get(leaseId)?.client.getState().name === 'SYNC_CONNECTED';
  }

  async acquire(key: string, leaseId: string): Promise<AcquireOutcome> {
    const session = this.sessions.get(leaseId);
    if (!session) return { acquired: false, reason: 'no such session' };
    const { client } = session;
    const outcome = await lockRecipe(client, key, { wait: false });
    const child = outcome.child;
    if (!outcome.held) return { acquired: false, reason: `held: ${outcome.lowest} is lower than our ${child.slice(key.length + 1)}` };
    session.child = child;
    const stat = await call<Stat | null>((done) => client.exists(child, done));
    if (!stat) return { acquired: false, reason: 'our lock node vanished (the session expired)' };
    const zxid = stat.czxid.readBigUInt64BE(0);
    return { acquired: true, token: Number(zxid), lockValue: splitZxid(zxid).hex };
  }

  async isHeld(key: string): Promise<boolean> {
    const admin = await this.adminClient();
    try {
      return (await call<string[]>((done) => admin.getChildren(key, done))).length > 0;
    } catch (err) {
      if ((err as { getCode?: () => number }).getCode?.() === zookeeper.Exception.NO_NODE) return false;
      throw err;
    }
  }

  async revoke(leaseId: string): Promise<void> {
    // Closing the session deletes its ephemeral child: the lock is released.
    this.sessions.get(leaseId)?.client.close();
    this.sessions.delete(leaseId);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const admin = await this.adminClient();
    const path = prefix.replace(/\/+$/, '');
    // removeRecursive lists the children, deletes them, then the node, and
    // stops at the first error: a child that vanishes meanwhile (a closing
    // session's ephemeral node, gone once the server has the close) left the
    // node itself behind on a busy machine. Again, until the node is gone.
    for (let attempt = 1; ; attempt++) {
      const err = await new Promise<Error | null>((resolve) => admin.removeRecursive(path, resolve));
      if (!err) return;
      const code = (err as { getCode?: () => number }).getCode?.();
      const retry = code === zookeeper.Exception.NO_NODE || code === zookeeper.Exception.NOT_EMPTY;
      if (code === zookeeper.Exception.NO_NODE && !(await call<Stat | null>((done) => admin.exists(path, done)))) return;
      if (!retry || attempt >= 20) throw err;
    }
  }

  async close(): Promise<void> {
    for (const { client } of this.sessions.values()) client.close();
    this.sessions.clear();
    this.admin?.close();
  }

  private async adminClient(): Promise<Client> {
    this.admin ??= await connect(this.connectString, 10_000);
    return this.admin;
  }
}
