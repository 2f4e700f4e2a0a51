/**
 * zookeeper-lock's contenders: each is a ZooKeeper session the tutor opens
 * in the learner's process (A, B, C) and whose `acquire(zk, lockPath)` it
 * calls; the tutor reads ZooKeeper through a session of its own (`view`).
 * An acquire that is still waiting is held as a promise that never rejects,
 * so a check can race "it returned" against "it set a watch".
 */
import { ClientCheckFailure } from './check-result.js';
import type { ClientSession, ZkWatchSet } from './client-session.js';
import { shown } from './client-session.js';
import type { ZkHandle, ZkStat } from './zookeeper-handle.js';

/** The longest session ZooKeeper grants at the lab's tickTime (20 ticks of 200 ms): a loaded machine never expires one by accident. */
export const ZK_SESSION_TIMEOUT_MS = 4000;

export interface ZooKeeperLockContext {
  session: ClientSession;
  connect: string;
  /** The tutor's own session, to see what the learner's code did. */
  view: ZkHandle;
  /** The run's node (persistent, unique per run); each check makes its lock node under it. */
  root: string;
}

export interface Contender {
  name: string;
  id: string;
}

export interface Held {
  token: number;
  node: string;
}

export type Outcome = { held: Held } | { error: unknown };

/** Opens the contenders' sessions in this order (the order decides which session id is larger). */
export async function openContenders(ctx: ZooKeeperLockContext, names: string[], detail: string[]): Promise<Contender[]> {
  const opened: Contender[] = [];
  for (const name of names) {
    const id = await ctx.session.zkOpen(ctx.connect, ZK_SESSION_TIMEOUT_MS);
    opened.push({ name, id });
    detail.push(`${name}'s session ${id} is opened`);
  }
  return opened;
}

export async function closeContender(ctx: ZooKeeperLockContext, who: Contender, detail: string[], why = ''): Promise<void> {
  await ctx.session.zkClose(who.id);
  if (why) detail.push(`the tutor closes ${who.name}'s session ${why}: its ephemeral node is gone`);
}

/** A fresh persistent lock node for one check. */
export async function lockNode(ctx: ZooKeeperLockContext, name: string): Promise<string> {
  return ctx.view.create(`${ctx.root}/${name}`);
}

function heldFrom(result: unknown): Held {
  const r = result as { token?: unknown; node?: unknown } | null | undefined;
  if (!r || typeof r !== 'object' || typeof r.token !== 'number' || !Number.isFinite(r.token) || typeof r.node !== 'string') {
    throw new ClientCheckFailure(
      `acquire must return { token: <number>, node: <the path of your znode> } once it holds the lock; it returned ${shown(result)}`,
    );
  }
  return { token: r.token, node: r.node };
}

/** Starts `who`'s acquire; the outcome, once it returns or fails, never a rejection. */
export function startAcquire(ctx: ZooKeeperLockContext, who: Contender, lock: string, detail: string[]): Promise<Outcome> {
  return ctx.session.zkCall('acquire', who.id, [lock]).then(
    (result) => {
      detail.push(`${who.name}: acquire(zk, ${JSON.stringify(lock.slice(ctx.root.length + 1))}) returned ${shown(result)}`);
      try {
        return { held: heldFrom(result) };
      } catch (error) {
        return { error };
      }
    },
    (error: unknown) => ({ error }),
  );
}

export async function held(outcome: Promise<Outcome>): Promise<Held> {
  const o = await outcome;
  if ('error' in o) throw o.error;
  return o.held;
}

export async function mustAcquire(ctx: ZooKeeperLockContext, who: Contender, lock: string, detail: string[]): Promise<Held> {
  return held(startAcquire(ctx, who, lock, detail));
}

/**
 * While another holds the lock, `who`'s acquire must wait: resolves with the
 * watch it set (a waiter's first move), fails when it returned instead.
 */
export async function mustWait(ctx: ZooKeeperLockContext, who: Contender, pending: Promise<Outcome>, holder: string, detail: string[]): Promise<ZkWatchSet> {
  // Whichever comes first ends the other wait, so no timer outlives the check.
  const stop = new AbortController();
  const first = await Promise.race([
    pending.then((outcome) => ({ outcome })),
    ctx.session
      .zkWatchFrom(who.id, 0, `${who.name}'s acquire neither returned nor set a watch while ${holder} held the lock`, stop.signal)
      .then((watch) => ({ watch })),
  ]).finally(() => stop.abort());
  if ('outcome' in first) {
    if ('error' in first.outcome) throw first.outcome.error;
    throw new ClientCheckFailure(`${who.name}'s acquire returned while ${holder} still holds the lock: two holders at once`);
  }
  detail.push(`${who.name} waits, watching ${first.watch.kind === 'getChildren' ? 'the children of ' : ''}${first.watch.path} (${first.watch.kind})`);
  return first.watch;
}

export async function nodeStat(ctx: ZooKeeperLockContext, node: string, detail: string[]): Promise<ZkStat | null> {
  const stat = await ctx.view.exists(node).catch(() => null);
  detail.push(stat ? `ZooKeeper: ${node} has czxid ${stat.czxid}, version ${stat.version}, owner ${stat.ephemeralOwner}` : `ZooKeeper: ${node} does not exist`);
  return stat;
}

/** The lock node's children, lowest sequence first (names end in the ten-digit suffix). */
export async function sortedChildren(ctx: ZooKeeperLockContext, lock: string): Promise<string[]> {
  const sequence = (name: string) => name.slice(-10);
  return (await ctx.view.getChildren(lock)).sort((a, b) => sequence(a).localeCompare(sequence(b)));
}

/** Deletes a node and everything under it (the run's node, at the end). */
export async function deleteTree(view: ZkHandle, path: string): Promise<void> {
  const children = await view.getChildren(path).catch(() => [] as string[]);
  for (const child of children) await deleteTree(view, `${path}/${child}`);
  await view.delete(path).catch(() => undefined);
}
