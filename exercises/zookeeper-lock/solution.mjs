// The shipped solution of zookeeper-lock: the lock recipe from ZooKeeper's
// "Recipes and Solutions". An ephemeral sequential child under the lock node;
// the lowest holds; a waiter watches the node just below its own and looks
// again when it goes. The token is the holder node's czxid.

const sequence = (name) => name.slice(-10);

export async function acquire(zk, lockPath) {
  const node = await zk.create(`${lockPath}/lock-`, '', { ephemeral: true, sequential: true });
  const mine = node.slice(lockPath.length + 1);
  for (;;) {
    const children = (await zk.getChildren(lockPath)).sort((a, b) => sequence(a).localeCompare(sequence(b)));
    const index = children.indexOf(mine);
    if (index === 0) {
      const stat = await zk.exists(node);
      return { token: stat.czxid, node };
    }
    // Watch only the node just below ours: its deletion is the one that may make us the holder.
    let wake;
    const gone = new Promise((resolve) => {
      wake = resolve;
    });
    const predecessor = await zk.exists(`${lockPath}/${children[index - 1]}`, () => wake());
    // Already gone between the listing and the watch: look again at once.
    if (predecessor) await gone;
  }
}
