// Exercise: zookeeper-lock (lesson 4, "Where the token lives in real systems": ZooKeeper).
//
// TASK: take a lock from ZooKeeper with the recipe from its documentation
// ("Recipes and Solutions", Locks), and return a fencing token:
//   - create an ephemeral, sequential child under the lock node (done below);
//   - you hold the lock when your node has the lowest sequence number among
//     the lock node's children; until then, wait: watch the node just below
//     yours (not the lock node itself) and look again when it is deleted;
//   - return { token, node } once you hold it, where node is your node's path
//     and token is its czxid (never the session id, never the data version).
//
// `zk` is one ZooKeeper session, handed to you by the tutor (nothing to
// install or import). Every call returns a promise:
//   zk.sessionId                                   '0x...' (16 hex digits)
//   zk.create(path, data, { ephemeral, sequential }) -> the path created
//                                                     (a sequential one ends in 10 digits)
//   zk.getChildren(path, watch?)                   -> ['lock-0000000003', ...] (in no order)
//   zk.exists(path, watch?)                        -> a stat, or null when there is no node
//   zk.getData(path, watch?)                       -> { data, stat }
//   zk.delete(path)
// A stat is { czxid, mzxid, pzxid, version, cversion, ephemeralOwner, ... }.
// A watch is a function, called once: ({ type: 'deleted' | ..., path }).
// Check with: fence-tutor exercise check zookeeper-lock

export async function acquire(zk, lockPath) {
  const node = await zk.create(`${lockPath}/lock-`, '', { ephemeral: true, sequential: true });
  // This takes the lock whether or not someone holds it, and uses the session id as the token.
  return { token: Number(zk.sessionId), node };
}
