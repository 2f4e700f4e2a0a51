/**
 * The lock from the ZooKeeper documentation's "Recipes and Solutions"
 * (Locks): a contender creates an ephemeral sequential child under the lock
 * node; the lowest sequence holds. A waiter watches only the child just below
 * its own (`exists` with a watch on its predecessor), never the parent's
 * children: when the holder goes, one waiter wakes, not all of them (no
 * herd). It reads the children without a watch, every time round.
 *
 * The lab's coordinator asks without waiting (`wait: false`: B asks only once
 * A's child is gone, so a contender that is not lowest removes its child and
 * answers busy); a client that queues, as the recipe's waiter does, passes
 * `wait: true`.
 */
import zookeeper, { type Client, type Stat } from 'node-zookeeper-client';

export type RecipeOutcome = { held: true; child: string } | { held: false; child: string; lowest: string };

export function call<T>(run: (done: (err: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value))));
}

export async function lockRecipe(client: Client, key: string, opts: { wait: boolean }): Promise<RecipeOutcome> {
  await call<string>((done) => client.mkdirp(key, done));
  const child = await call<string>((done) => client.create(`${key}/lock-`, null, zookeeper.CreateMode.EPHEMERAL_SEQUENTIAL, done));
  const name = child.slice(key.length + 1);
  for (;;) {
    // No watch on the parent: a change in its children wakes nobody.
    const children = (await call<string[]>((done) => client.getChildren(key, done))).sort();
    const index = children.indexOf(name);
    if (index === -1) throw new Error('our lock node vanished (the session expired)');
    if (index === 0) return { held: true, child };
    if (!opts.wait) {
      await call<void>((done) => client.remove(child, (err) => done(err, undefined)));
      return { held: false, child, lowest: children[0]! };
    }
    await predecessorGone(client, `${key}/${children[index - 1]}`);
  }
}

/** Resolves once the predecessor has changed or gone (its watch fired), or at once when it is already gone. */
async function predecessorGone(client: Client, predecessor: string): Promise<void> {
  let fired!: () => void;
  const watched = new Promise<void>((resolve) => {
    fired = resolve;
  });
  const stat = await call<Stat | null>((done) => client.exists(predecessor, () => fired(), done));
  if (stat !== null) await watched;
}
