/**
 * The ZooKeeper handle zookeeper-lock hands to the learner's
 * `acquire(zk, lockPath)`, as a sink is handed its `db`: one session of
 * node-zookeeper-client (bundled, loaded only through this module), in
 * promises, with plain values the learner can return (zxids as numbers, a
 * session id as `0x` and 16 hex digits). Each watch the learner sets is
 * reported, so the tutor can tell a waiter that watches its predecessor from
 * one that watches the whole lock node (the herd). The tutor reads ZooKeeper
 * through the same handle, with a session of its own.
 */
import zookeeper, { type Client, type Event, type Stat } from 'node-zookeeper-client';

/** A znode's stat, as the learner sees it. */
export interface ZkStat {
  czxid: number;
  mzxid: number;
  pzxid: number;
  ctime: number;
  mtime: number;
  version: number;
  cversion: number;
  /** The session that owns an ephemeral node (`0x...`), or `0x0000000000000000` for a persistent one. */
  ephemeralOwner: string;
  dataLength: number;
  numChildren: number;
}

export type ZkWatchEvent = { type: 'created' | 'deleted' | 'dataChanged' | 'childrenChanged' | 'other'; path: string };
export type ZkWatchFn = (event: ZkWatchEvent) => void;
/** Which read set a watch: `exists` and `getData` watch one node, `getChildren` a node's children. */
export type ZkWatchKind = 'exists' | 'getData' | 'getChildren';

export interface ZkHandle {
  readonly sessionId: string;
  create(path: string, data?: string, flags?: { ephemeral?: boolean; sequential?: boolean }): Promise<string>;
  getChildren(path: string, watch?: ZkWatchFn): Promise<string[]>;
  exists(path: string, watch?: ZkWatchFn): Promise<ZkStat | null>;
  getData(path: string, watch?: ZkWatchFn): Promise<{ data: string; stat: ZkStat }>;
  delete(path: string): Promise<void>;
}

export interface ZkSession {
  handle: ZkHandle;
  /** Closes the session; resolves once the server has ended it (its ephemeral nodes are gone). */
  close(): Promise<void>;
}

const EVENT_TYPES: Record<string, ZkWatchEvent['type']> = {
  NODE_CREATED: 'created',
  NODE_DELETED: 'deleted',
  NODE_DATA_CHANGED: 'dataChanged',
  NODE_CHILDREN_CHANGED: 'childrenChanged',
};

/** A 64-bit field as a number: exact for zxids while the epoch is below 2^21, as in the lab. */
const long = (b: Buffer): number => Number(b.readBigUInt64BE(0));
const sessionHex = (b: Buffer): string => `0x${b.toString('hex').padStart(16, '0')}`;

function plainStat(s: Stat): ZkStat {
  return {
    czxid: long(s.czxid),
    mzxid: long(s.mzxid),
    pzxid: long(s.pzxid),
    ctime: long(s.ctime),
    mtime: long(s.mtime),
    version: s.version,
    cversion: s.cversion,
    ephemeralOwner: sessionHex(s.ephemeralOwner),
    dataLength: s.dataLength,
    numChildren: s.numChildren,
  };
}

/** The library's exceptions carry a name (NO_NODE, NODE_EXISTS...): kept as `code`, with the path in the message. */
function zkError(err: Error & { getName?: () => string }, op: string, path: string): Error {
  const code = err.getName?.() ?? 'ERROR';
  return Object.assign(new Error(`zk.${op}(${JSON.stringify(path)}): ${code}`), { code });
}

function call<T>(op: string, path: string, run: (done: (err: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((err, value) => (err ? reject(zkError(err, op, path)) : resolve(value))));
}

function watcher(watch: ZkWatchFn | undefined): ((e: Event) => void) | undefined {
  if (watch === undefined) return undefined;
  if (typeof watch !== 'function') throw new TypeError('a watch is a function, called once with { type, path }');
  return (e) => watch({ type: EVENT_TYPES[e.getName()] ?? 'other', path: e.getPath() });
}

function makeHandle(client: Client, sessionId: string, onWatch: (kind: ZkWatchKind, path: string) => void): ZkHandle {
  return {
    sessionId,
    async create(path, data = '', flags = {}) {
      const { CreateMode } = zookeeper;
      const mode = flags.ephemeral
        ? flags.sequential
          ? CreateMode.EPHEMERAL_SEQUENTIAL
          : CreateMode.EPHEMERAL
        : flags.sequential
          ? CreateMode.PERSISTENT_SEQUENTIAL
          : CreateMode.PERSISTENT;
      return call<string>('create', path, (done) => client.create(path, Buffer.from(String(data)), mode, done));
    },
    async getChildren(path, watch) {
      const w = watcher(watch);
      const children = await call<string[]>('getChildren', path, (done) => client.getChildren(path, w, done));
      if (w) onWatch('getChildren', path);
      return children;
    },
    async exists(path, watch) {
      const w = watcher(watch);
      const stat = await call<Stat | null>('exists', path, (done) => client.exists(path, w, done));
      if (w) onWatch('exists', path);
      return stat ? plainStat(stat) : null;
    },
    async getData(path, watch) {
      const w = watcher(watch);
      const [data, stat] = await new Promise<[Buffer | null, Stat]>((resolve, reject) =>
        client.getData(path, w, (err, d, s) => (err ? reject(zkError(err, 'getData', path)) : resolve([d, s]))),
      );
      if (w) onWatch('getData', path);
      return { data: data ? data.toString('utf8') : '', stat: plainStat(stat) };
    },
    delete(path) {
      return call<void>('delete', path, (done) => client.remove(path, (err) => done(err, undefined)));
    },
  };
}

/** Opens one session on `connect` (`host:port`); rejects when no server answers within `connectLimitMs`. */
export function openZkSession(
  connect: string,
  sessionTimeoutMs: number,
  onWatch: (kind: ZkWatchKind, path: string) => void = () => undefined,
  connectLimitMs = 10_000,
): Promise<ZkSession> {
  const client = zookeeper.createClient(connect, { sessionTimeout: sessionTimeoutMs, spinDelay: 100, retries: 2 });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.close();
      reject(new Error(`ZooKeeper at ${connect} did not answer within ${connectLimitMs / 1000} s`));
    }, connectLimitMs);
    client.once('connected', () => {
      clearTimeout(timer);
      const handle = makeHandle(client, sessionHex(client.getSessionId()), onWatch);
      resolve({
        handle,
        close: () =>
          new Promise<void>((resolve) => {
            // The server answers closeSession once it has ended the session and deleted its ephemeral nodes.
            if (client.getState().name !== 'SYNC_CONNECTED') resolve();
            else client.once('disconnected', resolve);
            client.close();
          }),
      });
    });
    client.connect();
  });
}
