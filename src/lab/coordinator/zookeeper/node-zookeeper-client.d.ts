/** The part of node-zookeeper-client (1.1.3, plain JavaScript, no types of its own) the lab's ZooKeeper client uses. */
declare module 'node-zookeeper-client' {
  export interface Stat {
    czxid: Buffer;
    ephemeralOwner: Buffer;
  }
  type Done = (error: Error | null) => void;
  export interface Client {
    connect(): void;
    close(): void;
    once(event: 'connected' | 'disconnected' | 'expired', listener: () => void): void;
    on(event: 'state', listener: (state: { name: string }) => void): void;
    getSessionTimeout(): number;
    getSessionId(): Buffer;
    getState(): { name: string };
    mkdirp(path: string, callback: (error: Error | null, path: string) => void): void;
    create(path: string, data: Buffer | null, mode: number, callback: (error: Error | null, path: string) => void): void;
    getChildren(path: string, callback: (error: (Error & { getCode?: () => number }) | null, children: string[]) => void): void;
    exists(path: string, callback: (error: Error | null, stat: Stat | null) => void): void;
    /** With a watcher: called once, on the next change to `path` (its deletion included). */
    exists(path: string, watcher: (event: { name: string; path: string }) => void, callback: (error: Error | null, stat: Stat | null) => void): void;
    remove(path: string, callback: Done): void;
    removeRecursive(path: string, callback: Done): void;
  }
  export const CreateMode: { EPHEMERAL_SEQUENTIAL: number; PERSISTENT: number };
  export const Exception: { NO_NODE: number };
  export function createClient(connectionString: string, options?: { sessionTimeout?: number; spinDelay?: number; retries?: number }): Client;
  const zookeeper: { createClient: typeof createClient; CreateMode: typeof CreateMode; Exception: typeof Exception };
  export default zookeeper;
}
