/**
 * etcd-lock's checks: the learner's `acquire(endpoint, key, ttlSeconds)`
 * runs in its own process against a throwaway etcd, and the tutor reads
 * etcd itself to see what it did. Each check has its own key under the
 * run's prefix.
 */
import type { ClientCheck } from './check-result.js';
import { ClientCheckFailure } from './check-result.js';
import type { ClientSession } from './client-session.js';
import { shown } from './client-session.js';
import { type KeyInfo, readKey, revokeLease } from './etcd-gateway.js';

export interface EtcdLockContext {
  session: ClientSession;
  endpoint: string;
  /** Unique per run, ends with `/`. */
  prefix: string;
}

const TTL_SECONDS = 5;

interface Held {
  token: number;
  lease: string;
}

/** Calls acquire and checks the shape of what came back: {token, lease} or null. */
async function acquire(ctx: EtcdLockContext, key: string, detail: string[], who: string): Promise<Held | null> {
  const result = await ctx.session.call('acquire', [ctx.endpoint, key, TTL_SECONDS]);
  detail.push(`${who}: acquire(endpoint, ${JSON.stringify(key.slice(ctx.prefix.length))}, ${TTL_SECONDS}) returned ${shown(result)}`);
  if (result === null) return null;
  const r = result as { token?: unknown; lease?: unknown } | undefined;
  if (!r || typeof r !== 'object' || typeof r.token !== 'number' || !Number.isFinite(r.token) || (typeof r.lease !== 'string' && typeof r.lease !== 'number')) {
    throw new ClientCheckFailure(`acquire must return { token: <number>, lease: <the lease ID> } or null; it returned ${shown(result)}`);
  }
  return { token: r.token, lease: String(r.lease) };
}

async function keyNow(ctx: EtcdLockContext, key: string, detail: string[]): Promise<KeyInfo | undefined> {
  const info = await readKey(ctx.endpoint, key);
  detail.push(info ? `etcd: the key has create revision ${info.createRevision}, lease ${info.lease ?? 'none'}` : 'etcd: the key does not exist');
  return info;
}

async function mustAcquire(ctx: EtcdLockContext, key: string, detail: string[], who: string): Promise<Held> {
  const held = await acquire(ctx, key, detail, who);
  if (!held) throw new ClientCheckFailure(`acquire on a key nobody holds returned null`);
  return held;
}

const takesFreeKey: ClientCheck<EtcdLockContext> = {
  id: 'takes-free-key',
  title: 'a free key is taken, on the lease acquire returns',
  hint: 'The lock is the key on a lease: put it with "lease": <the lease ID>, so it goes when the holder stops renewing.',
  async run(ctx, detail) {
    const key = `${ctx.prefix}free`;
    const held = await mustAcquire(ctx, key, detail, 'A');
    const info = await keyNow(ctx, key, detail);
    if (!info) throw new ClientCheckFailure('acquire returned a token but the key does not exist in etcd');
    if (info.lease === undefined) throw new ClientCheckFailure('the key has no lease: it would outlive a holder that died');
    if (info.lease !== held.lease) throw new ClientCheckFailure(`the key is on lease ${info.lease}, but acquire returned lease ${held.lease}`);
    return `acquire took the key on lease ${held.lease}`;
  },
};

const tokenIsCreateRevision: ClientCheck<EtcdLockContext> = {
  id: 'token-is-create-revision',
  title: "the token is the key's create revision, not the lease ID",
  hint: 'Lease IDs come in no order a sink can use; the revision a key was created at only ever rises. The txn answer tells you that revision.',
  async run(ctx, detail) {
    const key = `${ctx.prefix}token`;
    const held = await mustAcquire(ctx, key, detail, 'A');
    const info = await keyNow(ctx, key, detail);
    if (!info) throw new ClientCheckFailure('acquire returned a token but the key does not exist in etcd');
    if (held.token !== info.createRevision) {
      const lease = String(held.token) === held.lease || held.token === Number(held.lease) ? ' (that is the lease ID)' : '';
      throw new ClientCheckFailure(`the token is ${held.token}${lease}, but the key's create revision is ${info.createRevision}`);
    }
    return `the token ${held.token} is the key's create revision`;
  },
};

const refusesWhileHeld: ClientCheck<EtcdLockContext> = {
  id: 'refuses-while-held',
  title: 'while the key is held, acquire returns null and leaves the key alone',
  hint: 'A put always succeeds, even on a held key. Make the put conditional: a txn whose compare says the key must not exist yet.',
  async run(ctx, detail) {
    const key = `${ctx.prefix}held`;
    await mustAcquire(ctx, key, detail, 'A');
    const before = await keyNow(ctx, key, detail);
    const second = await acquire(ctx, key, detail, 'B');
    const after = await keyNow(ctx, key, detail);
    if (second !== null) throw new ClientCheckFailure(`a second acquire while A holds the key returned ${shown(second)}, not null: two holders at once`);
    if (!after || after.createRevision !== before?.createRevision || after.lease !== before?.lease) {
      throw new ClientCheckFailure("the refused acquire changed the key: it must stay A's (same create revision, same lease)");
    }
    return 'the second acquire got null and the key stayed as A made it';
  },
};

const oneWinner: ClientCheck<EtcdLockContext> = {
  id: 'one-winner',
  title: 'two acquires at the same instant: exactly one wins',
  hint: 'Reading first and putting after leaves a gap both callers pass through. The compare and the put must be one txn.',
  async run(ctx, detail) {
    const key = `${ctx.prefix}race`;
    const [a, b] = await Promise.all([acquire(ctx, key, detail, 'A'), acquire(ctx, key, detail, 'B')]);
    const winners = [a, b].filter((x) => x !== null);
    if (winners.length !== 1) throw new ClientCheckFailure(`${winners.length} of the two acquires won`);
    const info = await keyNow(ctx, key, detail);
    if (info?.createRevision !== winners[0]!.token)
      throw new ClientCheckFailure(`the winner's token ${winners[0]!.token} is not the key's create revision ${info?.createRevision}`);
    return `one acquire won with token ${winners[0]!.token}, the other got null`;
  },
};

const higherAfterRelease: ClientCheck<EtcdLockContext> = {
  id: 'higher-after-expiry',
  title: "once the holder's lease is gone, the key is gone and the next token is higher",
  hint: "The key must be on the holder's lease, so it goes with it; the next holder creates the key again, at a later revision.",
  async run(ctx, detail) {
    const key = `${ctx.prefix}next`;
    const first = await mustAcquire(ctx, key, detail, 'A');
    await revokeLease(ctx.endpoint, first.lease);
    detail.push(`the tutor revokes A's lease ${first.lease} (as if A died and its lease expired)`);
    const left = await keyNow(ctx, key, detail);
    if (left) throw new ClientCheckFailure("the key outlived its holder's lease: B could never take the lock");
    const next = await mustAcquire(ctx, key, detail, 'B');
    const info = await keyNow(ctx, key, detail);
    if (next.token <= first.token)
      throw new ClientCheckFailure(`B's token ${next.token} is not above A's ${first.token}: a sink would take B for the stale one`);
    if (info?.createRevision !== next.token) throw new ClientCheckFailure(`B's token ${next.token} is not the key's create revision ${info?.createRevision}`);
    return `A's token ${first.token}, then B's ${next.token}: higher`;
  },
};

export const ETCD_LOCK_CHECKS = [takesFreeKey, tokenIsCreateRevision, refusesWhileHeld, oneWinner, higherAfterRelease];
