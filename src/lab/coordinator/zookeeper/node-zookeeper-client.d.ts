/**
 * The part of node-zookeeper-client (1.1.3, plain JavaScript, no types of its
 * own) the lab's ZooKeeper client and the zookeeper-lock exercise's handle
 * (src/exercises/clients/zookeeper-handle.ts) use.
 */
declare module 'node-zookeeper-client' {
  /** 64-bit fields (zxids, times, the owner's session id) are 8-byte big-endian buffers. */
  export interface Stat {
    czxid: Buffer;
    mzxid: Buffer;
    pzxid: Buffer;
    ctime: Buffer;
    mtime: Buffer;
    version: number;
    cversion: number;
    aversion: number;
    ephemeralOwner: Buffer;
    dataLength: number;
    numChildren: number;
  }
  export interface Event {
    getName(): string;
    getPath(): string;
  }
  type Done = (error: Error | null) => void;
  type Watcher = (event: Event) => void;
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
    getChildren(path: string, watcher: Watcher | undefined, callback: (error: Error | null, children: string[]) => void): void;
    exists(path: string, callback: (error: Error | null, stat: Stat | null) => void): void;
    exists(path: string, watcher: Watcher | undefined, callback: (error: Error | null, stat: Stat | null) => void): void;
    getData(path: string, watcher: Watcher | undefined, callback: (error: Error | null, data: Buffer | null, stat: Stat) => void): void;
    remove(path: string, callback: Done): void;
    removeRecursive(path: string, callback: Done): void;
  }
  export const CreateMode: { PERSISTENT: number; EPHEMERAL: number; PERSISTENT_SEQUENTIAL: number; EPHEMERAL_SEQUENTIAL: number };
  export const Exception: { NO_NODE: number; NOT_EMPTY: number };
  export function createClient(connectionString: string, options?: { sessionTimeout?: number; spinDelay?: number; retries?: number }): Client;
  const zookeeper: { createClient: typeof createClient; CreateMode: typeof CreateMode; Exception: typeof Exception };
  export default zookeeper;
}
