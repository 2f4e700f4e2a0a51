/**
 * zookeeper-lock's checks: the learner's `acquire(zk, lockPath)` runs in its
 * own process, once per contender, each contender a ZooKeeper session the
 * tutor opens there; the tutor reads ZooKeeper itself to see what it did.
 * The recipe is "Recipes and Solutions", Locks: an ephemeral sequential
 * child under the lock node, the lowest holds, a waiter watches the node
 * just below its own. Each check has its own lock node and its own sessions,
 * all closed when it ends.
 */
import type { ClientCheck } from './check-result.js';
import { ClientCheckFailure } from './check-result.js';
import {
  type Contender,
  closeContender,
  held,
  lockNode,
  mustAcquire,
  mustWait,
  nodeStat,
  openContenders,
  sortedChildren,
  startAcquire,
  type ZooKeeperLockContext,
} from './zookeeper-contenders.js';

/** Runs `body` with fresh sessions for `names`, closing every one of them afterwards, whatever happened. */
async function withContenders<T>(ctx: ZooKeeperLockContext, names: string[], detail: string[], body: (c: Contender[]) => Promise<T>): Promise<T> {
  const contenders = await openContenders(ctx, names, detail);
  try {
    return await body(contenders);
  } finally {
    for (const c of contenders) await ctx.session.zkClose(c.id).catch(() => undefined);
  }
}

const takesFreeLock: ClientCheck<ZooKeeperLockContext> = {
  id: 'takes-free-lock',
  title: 'a free lock is taken: an ephemeral sequential child of the lock node, owned by your session',
  hint: 'zk.create(lockPath + "/lock-", "", { ephemeral: true, sequential: true }) makes the recipe\'s node: it goes with your session, and its name ends in a ten-digit sequence number.',
  run: (ctx, detail) =>
    withContenders(ctx, ['A'], detail, async ([a]) => {
      const lock = await lockNode(ctx, 'free');
      const got = await mustAcquire(ctx, a!, lock, detail);
      const stat = await nodeStat(ctx, got.node, detail);
      if (!stat) throw new ClientCheckFailure(`acquire returned node ${got.node}, which does not exist`);
      if (got.node.slice(0, got.node.lastIndexOf('/')) !== lock) throw new ClientCheckFailure(`your node ${got.node} is not a child of the lock node ${lock}`);
      if (stat.ephemeralOwner !== a!.id)
        throw new ClientCheckFailure(
          /^0x0+$/.test(stat.ephemeralOwner)
            ? `your node ${got.node} is persistent: it would outlive a holder that died, and nobody could take the lock again`
            : `your node is owned by session ${stat.ephemeralOwner}, not by A's ${a!.id}`,
        );
      if (!/\d{10}$/.test(got.node)) throw new ClientCheckFailure(`your node ${got.node} is not sequential: the recipe orders contenders by that number`);
      return `A holds ${got.node}, ephemeral and sequential`;
    }),
};

/** What a wrong token is, in words, when we can tell. */
function tokenIs(token: number, a: Contender, stat: { version: number }, node: string): string {
  if (token === Number(a.id)) return ' (that is the session id)';
  if (token === stat.version) return " (that is the node's data version, 0 for every fresh node)";
  if (token === Number(node.slice(-10))) return ' (that is the sequence number, which counts only while the lock node lives)';
  return '';
}

const tokenIsCzxid: ClientCheck<ZooKeeperLockContext> = {
  id: 'token-is-czxid',
  title: "the token is your node's czxid",
  hint: "zk.exists(node) returns the node's stat: its czxid is the zxid of the change that created it, and zxids only ever rise (epoch, then counter).",
  run: (ctx, detail) =>
    withContenders(ctx, ['A'], detail, async ([a]) => {
      const lock = await lockNode(ctx, 'token');
      // Another client came and went first: the sequence suffix starts above 0, so it cannot pass for a data version.
      await ctx.view.delete(await ctx.view.create(`${lock}/before-`, '', { sequential: true }));
      detail.push('the tutor creates and deletes a node under the lock first (a client that came and went)');
      const got = await mustAcquire(ctx, a!, lock, detail);
      const stat = await nodeStat(ctx, got.node, detail);
      if (!stat) throw new ClientCheckFailure(`acquire returned node ${got.node}, which does not exist`);
      if (got.token !== stat.czxid)
        throw new ClientCheckFailure(`the token is ${got.token}${tokenIs(got.token, a!, stat, got.node)}, but your node's czxid is ${stat.czxid}`);
      return `the token ${got.token} is the czxid of ${got.node}`;
    }),
};

const oneHolder: ClientCheck<ZooKeeperLockContext> = {
  id: 'one-holder',
  title: 'two acquires at the same instant: one holds, the other waits',
  hint: "Creating your node does not make you the holder: list the lock node's children, and hold only when yours has the lowest sequence number.",
  run: (ctx, detail) =>
    withContenders(ctx, ['A', 'B'], detail, async (both) => {
      const lock = await lockNode(ctx, 'race');
      const pending = both.map((c) => startAcquire(ctx, c, lock, detail));
      const first = await Promise.race(pending.map((p, i) => p.then(() => i)));
      const winner = await held(pending[first]!);
      const loser = both[1 - first]!;
      await mustWait(ctx, loser, pending[1 - first]!, both[first]!.name, detail);
      const lowest = (await sortedChildren(ctx, lock))[0];
      if (`${lock}/${lowest}` !== winner.node) throw new ClientCheckFailure(`${both[first]!.name} returned ${winner.node}, but the lowest node is ${lowest}`);
      return `${both[first]!.name} holds ${winner.node}; ${loser.name} waits`;
    }),
};

const waiterWakes: ClientCheck<ZooKeeperLockContext> = {
  id: 'waiter-wakes',
  title: "a waiter is woken when its predecessor's node goes, and then holds",
  hint: 'Watch the node just below yours with zk.exists(path, watch): the watch fires once, when it is deleted; then list the children again (it may have been a waiter that left, not the holder).',
  run: (ctx, detail) =>
    withContenders(ctx, ['A', 'B'], detail, async ([a, b]) => {
      const lock = await lockNode(ctx, 'wake');
      await mustAcquire(ctx, a!, lock, detail);
      const pending = startAcquire(ctx, b!, lock, detail);
      await mustWait(ctx, b!, pending, 'A', detail);
      await closeContender(ctx, a!, detail, '(as if A died and its session expired)');
      const next = await held(pending);
      const lowest = (await sortedChildren(ctx, lock))[0];
      if (`${lock}/${lowest}` !== next.node) throw new ClientCheckFailure(`B returned ${next.node}, but the lowest node is ${lowest ?? 'none'}`);
      return `B was woken when A's node went, and holds ${next.node}`;
    }),
};

const watchesPredecessor: ClientCheck<ZooKeeperLockContext> = {
  id: 'watches-predecessor',
  title: 'each waiter watches the node just below its own, not the lock node (no herd)',
  hint: "A watch on the lock node's children (or on the holder) wakes every waiter at every change, though only one can go on: the herd effect. Watch only your predecessor.",
  run: (ctx, detail) =>
    withContenders(ctx, ['A', 'B', 'C'], detail, async ([a, b, c]) => {
      const lock = await lockNode(ctx, 'chain');
      const holder = await mustAcquire(ctx, a!, lock, detail);
      const watchOf = async (who: Contender, before: string) => {
        const watch = await mustWait(ctx, who, startAcquire(ctx, who, lock, detail), 'A', detail);
        if (watch.kind === 'getChildren')
          throw new ClientCheckFailure(
            `${who.name} watches the children of ${watch.path}: every change under the lock wakes every waiter (the herd effect); watch ${before} alone`,
          );
        if (watch.path !== before) throw new ClientCheckFailure(`${who.name} watches ${watch.path}, not the node just below its own, ${before}`);
      };
      await watchOf(b!, holder.node);
      const bNode = `${lock}/${(await sortedChildren(ctx, lock))[1]}`;
      await watchOf(c!, bNode);
      return `B watches A's node, C watches B's: one waiter wakes per release`;
    }),
};

const higherAfterRelease: ClientCheck<ZooKeeperLockContext> = {
  id: 'higher-after-release',
  title: "once the holder's session ends, the next holder's token is higher",
  hint: "Session ids are handed out in the order sessions open, not the order of holders, and every fresh node has version 0: neither orders holders. The czxid of the holder's node does.",
  run: (ctx, detail) =>
    // B's session first: session ids rise as sessions open, so a session id as the token would put B below A.
    withContenders(ctx, ['B', 'A'], detail, async ([b, a]) => {
      const lock = await lockNode(ctx, 'next');
      const first = await mustAcquire(ctx, a!, lock, detail);
      await closeContender(ctx, a!, detail, '(as if A died and its session expired)');
      const next = await mustAcquire(ctx, b!, lock, detail);
      if (next.token <= first.token)
        throw new ClientCheckFailure(`B's token ${next.token} is not above A's ${first.token}: a fenced sink would take B, the new holder, for the stale one`);
      return `A's token ${first.token}, then B's ${next.token}: higher`;
    }),
};

export const ZOOKEEPER_LOCK_CHECKS = [takesFreeLock, tokenIsCzxid, oneHolder, waiterWakes, watchesPredecessor, higherAfterRelease];
