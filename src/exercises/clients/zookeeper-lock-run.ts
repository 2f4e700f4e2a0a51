/**
 * zookeeper-lock's run around its checks: the tutor's own session (its view
 * of ZooKeeper), the run's node, unique per run so that runs sharing one
 * server never see each other's, removed afterwards with the view closed.
 * Loaded only for this exercise: it brings node-zookeeper-client.
 */
import { randomBytes } from 'node:crypto';
import type { ClientSession } from './client-session.js';
import { deleteTree, ZK_SESSION_TIMEOUT_MS, type ZooKeeperLockContext } from './zookeeper-contenders.js';
import { openZkSession } from './zookeeper-handle.js';

export async function runZooKeeperLockChecks<T>(session: ClientSession, connect: string, run: (ctx: ZooKeeperLockContext) => Promise<T>): Promise<T> {
  const viewSession = await openZkSession(connect, ZK_SESSION_TIMEOUT_MS);
  const view = viewSession.handle;
  const root = await view.create(`/fence-tutor-exercise-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`);
  try {
    return await run({ session, connect, view, root });
  } finally {
    await deleteTree(view, root);
    await viewSession.close();
  }
}
