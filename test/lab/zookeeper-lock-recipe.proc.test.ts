/**
 * The lock recipe's waiter (lock-recipe.ts), on a real standalone ZooKeeper:
 * each waiter watches only the child just below its own, never the lock
 * node's children (no herd), and wakes when that predecessor is deleted. The
 * client is instrumented: every getChildren/exists/getData call is recorded
 * with whether it set a watch, and on which path. One server for the file.
 */
import zookeeper, { type Client } from 'node-zookeeper-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { lockRecipe, type RecipeOutcome } from '../../src/lab/coordinator/zookeeper/lock-recipe.js';
import { findZooKeeper, zookeeperSpec } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';
import { type LaunchedServer, launchServer } from '../../src/lab/servers/launch-server.js';
import { waitUntil } from '../helpers/wait-until.js';
import { toolMissing } from './helpers.js';

const install = findZooKeeper();
// toolMissing('java') is the guard scripts/tool-budget.mjs counts as ZooKeeper; the jar is looked for beside it.
const skip = toolMissing('java') || (install === undefined && process.env.FENCE_REQUIRE_TOOLS !== '1');
if (skip) console.warn('\n*** SKIPPING the ZooKeeper lock recipe test: it is not installed (apt-get install zookeeper) ***\n');

interface ReadCall {
  method: string;
  path: string;
  watch: boolean;
}

/** The client with its reads recorded (the recipe's own calls; the library's internal ones go to the target). */
function recorded(client: Client, log: ReadCall[]): Client {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (prop !== 'exists' && prop !== 'getChildren' && prop !== 'getData') return value.bind(target);
      return (...args: unknown[]) => {
        log.push({ method: prop, path: String(args[0]), watch: args.length === 3 && typeof args[1] === 'function' });
        return value.apply(target, args);
      };
    },
  });
}

function connect(connectString: string): Promise<Client> {
  const client = zookeeper.createClient(connectString, { sessionTimeout: 4000, spinDelay: 100, retries: 2 });
  return new Promise((resolve) => {
    client.once('connected', () => resolve(client));
    client.connect();
  });
}

describe.skipIf(skip)('the ZooKeeper lock recipe', { timeout: 60_000 }, () => {
  let server: LaunchedServer | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    if (!install) throw new Error('ZooKeeper is required (FENCE_REQUIRE_TOOLS=1) but java or /usr/share/java/zookeeper.jar is missing');
    server = await launchServer(zookeeperSpec(install), { recorder: UNRECORDED });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.stop();
  });

  it('a waiter watches its predecessor only, never the parent, and wakes when it is deleted; the next waiter still waits', async () => {
    const open = async () => {
      const c = await connect(`127.0.0.1:${server!.ports[0]}`);
      clients.push(c);
      return c;
    };
    const key = '/recipe-test/lock';
    const holder = await open();
    const first = await lockRecipe(holder, key, { wait: true });
    expect(first.held).toBe(true);

    const log1: ReadCall[] = [];
    const log2: ReadCall[] = [];
    const waiter1 = await open();
    const waiter2 = await open();
    let woke1: RecipeOutcome | undefined;
    let woke2: RecipeOutcome | undefined;
    const pending1 = lockRecipe(recorded(waiter1, log1), key, { wait: true }).then((o) => (woke1 = o));
    const watched1 = await waitUntil(() => log1.find((c) => c.watch), { what: "waiter 1's watch", timeout: 20_000 });
    expect(watched1).toEqual({ method: 'exists', path: first.child, watch: true });
    const pending2 = lockRecipe(recorded(waiter2, log2), key, { wait: true }).then((o) => (woke2 = o));
    const watched2 = await waitUntil(() => log2.find((c) => c.watch), { what: "waiter 2's watch", timeout: 20_000 });
    // Waiter 2's predecessor is waiter 1's child, not the holder's.
    expect(watched2.method).toBe('exists');
    expect(watched2.path).not.toBe(first.child);
    expect(watched2.path.startsWith(`${key}/lock-`)).toBe(true);
    expect(woke1).toBeUndefined();

    // The holder lets go: its child is deleted; waiter 1 wakes and holds.
    holder.close();
    await pending1;
    expect(woke1).toMatchObject({ held: true, child: watched2.path });
    // Waiter 2 was not woken by that deletion: so far it read the children once, unwatched, and set its one watch.
    const readsOf2 = log2.length;
    expect(log2).toEqual([{ method: 'getChildren', path: key, watch: false }, watched2]);
    expect(woke2).toBeUndefined();

    waiter1.close();
    await pending2;
    expect(woke2?.held).toBe(true);
    expect(log2.length).toBeGreaterThan(readsOf2);
    // No watch was ever set on the lock node itself (a parent watch would wake every waiter: the herd).
    for (const call of [...log1, ...log2]) {
      if (call.watch) expect(call.path).not.toBe(key);
      expect(call.method === 'getChildren' && call.watch).toBe(false);
    }
  });
});
