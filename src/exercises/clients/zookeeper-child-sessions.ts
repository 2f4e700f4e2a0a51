/**
 * The client child's ZooKeeper sessions (zookeeper-lock): the tutor opens
 * each contender's session by name of its id, calls the learner's function
 * with that session's handle, and closes it to play the holder's death.
 * node-zookeeper-client is loaded on the first open, so the other client
 * exercises never load it.
 */
import type { ClientChildMessage } from '../child-protocol.js';
import type { ZkHandle, ZkSession } from './zookeeper-handle.js';

export class ChildZkSessions {
  private readonly sessions = new Map<string, ZkSession>();

  constructor(private readonly emit: (message: ClientChildMessage) => void) {}

  /** Opens a session; returns its id. */
  async open(connect: string, sessionTimeoutMs: number): Promise<{ session: string }> {
    const { openZkSession } = await import('./zookeeper-handle.js');
    let id = '';
    const session = await openZkSession(connect, sessionTimeoutMs, (kind, path) => this.emit({ ev: 'zk-watch', session: id, kind, path }));
    id = session.handle.sessionId;
    this.sessions.set(id, session);
    return { session: id };
  }

  handle(id: string): ZkHandle {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no open ZooKeeper session ${id}`);
    return session.handle;
  }

  async close(id: string): Promise<null> {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    await session?.close();
    return null;
  }
}
