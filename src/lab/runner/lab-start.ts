/**
 * The two halves of a lab run before its teardown. Start: the coordinator
 * (embedded, a throwaway etcd, a given cluster, or the experiment's own
 * members), the sink and the workers, all at once, each registered with the
 * teardown the moment it exists. Run: the experiment on the started world,
 * and the result it is judged by.
 */
import { dataSubdir } from '../../platform/data-dir.js';
import { toolVersion } from '../../platform/package-root.js';
import { connectCoordinator } from '../coordinator/client.js';
import { coordinatorEntry } from '../coordinator-catalogue.js';
import { coordinatorServer } from '../coordinator/servers.js';
import { launchServer } from '../servers/launch-server.js';
import type { Experiment } from '../experiments/experiment.js';
import { type ServiceChild, startService, startWorker, type WorkerChild } from '../processes/children.js';
import { LabAbortedError, type LabListener, type LabOptions, type LabResult, LabUnavailableError } from '../types.js';
import { databaseFile, LabContext, type LabWorld } from './lab-context.js';
import { debug } from './lab-debug.js';
import { getJson } from '../http.js';
import { startSinkDatabase } from './sink-database.js';
import { reportedToken } from '../tokens/lab-token.js';
import type { LabTeardown } from './lab-teardown.js';
import type { ZooKeeperEnsemble } from '../coordinator/zookeeper/zookeeper-ensemble.js';

export interface StartInput {
  options: LabOptions;
  experiment: Experiment;
  teardown: LabTeardown;
  listener: LabListener;
  /** The run's start (performance.now()), for the times events carry. */
  t0: number;
  runId: string;
}

export interface StartedRun {
  world: LabWorld;
  ctx: LabContext;
  a: WorkerChild;
  b: WorkerChild;
  database: string;
  endpoints: string[];
  /** How long the run's own server took to start (etcd, Redis), when it started one: not counted in the run's duration. */
  serverStartMs: number | undefined;
}

export async function startRun({ options, experiment, teardown: td, listener, t0, runId }: StartInput): Promise<StartedRun> {
  let serverStartMs: number | undefined;
  let endpoints: string[];
  let coordinatorChild: ServiceChild | undefined;
  let etcdctl: string | undefined;
  let ensemble: ZooKeeperEnsemble | undefined;
  // failover/restore: the members start while the sink and workers start (neither needs the other),
  // and the run waits for them just before it first talks to etcd.
  let ownEtcdReady: (() => Promise<void>) | undefined;
  if (experiment.ownEtcd) {
    const own = await import('./own-etcd.js');
    const tools = own.ownEtcdTools(experiment, options.etcdBin);
    const launching = own.startOwnEtcd({
      experiment,
      tools,
      pidfile: td.pidfile,
      listener,
      stopping: () => td.stopping,
      elapsed: () => performance.now() - t0,
    });
    td.membersLaunch = launching;
    launching.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    endpoints = [];
    ownEtcdReady = async () => {
      const started = await launching;
      td.members = started.members;
      const members = started.members;
      etcdctl = started.etcdctl;
      if (td.stopping) {
        // Interrupted as the last member became ready: the teardown may have passed already.
        await members.stop();
        throw new LabAbortedError();
      }
      serverStartMs = Math.round(members.startMs);
      endpoints = members.endpoints;
    };
  } else if (experiment.ensemble) {
    const { startOwnEnsemble } = await import('./own-ensemble.js');
    const started = await startOwnEnsemble(options, experiment.ensemble.members, td, listener, t0);
    endpoints = started.endpoints;
    serverStartMs = started.startMs;
    ensemble = started.ensemble;
  } else if (options.coordinator !== 'embedded') {
    const started = await startCoordinatorServer(options, td, listener, t0);
    endpoints = started.endpoints;
    serverStartMs = started.startMs;
  } else {
    coordinatorChild = startService('coordinator', ['--state-dir', dataSubdir('lab'), '--run', runId], td.pidfile);
    td.services.push(coordinatorChild);
    endpoints = [];
  }

  listener({
    type: 'step',
    id: 'processes',
    status: 'started',
    text: 'starting the sink and workers A and B',
    atMs: performance.now() - t0,
  });
  const database = databaseFile(options.outDir);
  // PostgreSQL starts now, beside everything else: the sink is needed only once A's lease has expired.
  const sinkDatabase = options.sink === 'postgres' ? startSinkDatabase(options, td, runId, listener, t0) : undefined;
  sinkDatabase?.catch(() => undefined); // awaited by startSink
  const startSink = async () => {
    const pg = await sinkDatabase;
    const where = pg ? ['--postgres-url', pg.url, '--schema', pg.schema] : ['--db', database];
    const child = startService('sink', [...where, '--run', runId], td.pidfile);
    td.services.unshift(child);
    if (td.stopping) await child.end();
    const ready = await child.waitFor(['ready', 'failed']);
    if (ready.ev === 'failed') throw new LabUnavailableError(`the sink could not start: ${ready.message}`);
    return { child, url: `http://127.0.0.1:${ready.port}`, recoveredLock: ready.recoveredLock === true, database: pg };
  };
  // Everything starts at once. Only the coordinator and A are on the
  // critical path: the sink and B are needed after the lease has expired.
  // A right after the coordinator: each start also rewrites the pidfile (fsync), and A is on the critical path.
  const a = startWorker('A', ['--run', runId], td.pidfile);
  td.workers.push(a);
  const sinkPromise = startSink();
  // Awaited for real through world.rest (meanwhile the run may wait for its own etcd members); an
  // interrupt can end the sink before anyone awaits it, and that rejection must not surface as an
  // unhandled one (a raw stack, exit 1).
  sinkPromise.catch(() => undefined);
  const b = startWorker('B', ['--run', runId], td.pidfile);
  td.workers.push(b);
  const extra = (experiment.extraWorkers ?? []).map((name) => {
    const child = startWorker(name, ['--run', runId], td.pidfile);
    td.workers.push(child);
    return [name, child] as const;
  });
  if (td.stopping) throw new LabAbortedError();
  if (coordinatorChild) {
    const ready = await coordinatorChild.waitFor(['ready', 'failed']);
    if (ready.ev === 'failed') {
      throw new LabUnavailableError(`the embedded coordinator could not start: ${ready.message}`);
    }
    endpoints = [`http://127.0.0.1:${ready.port}`];
  }
  if (ownEtcdReady) await ownEtcdReady();
  const coordinator = await connectCoordinator(options.coordinator, endpoints);
  td.coordinator = coordinator;
  await a.waitFor(['ready']);

  const world: LabWorld = {
    workers: { A: a, B: b, ...Object.fromEntries(extra) },
    rest: Promise.resolve(),
    coordinatorKind: options.coordinator,
    endpoints,
    // Placeholders until the sink reports ready (before anyone writes).
    sink: a,
    sinkUrl: '',
    startSink,
    coordinator,
    lockToken: options.token ?? 'none',
    ...(td.server ? { server: td.server } : {}),
    stopping: () => td.stopping,
    lockKey: `${td.prefix}lock`,
    ...(options.grid ? { grid: options.grid } : {}),
    ttlMs: options.ttlMs,
    databasePath: database,
    outDir: options.outDir,
    ...(td.members ? { members: td.members } : {}),
    ...(ensemble ? { ensemble } : {}),
    ...(etcdctl ? { etcdctl } : {}),
  };
  debug('coordinator and A ready');
  const ctx = new LabContext(world, listener, t0);
  td.leases = () =>
    Object.values(ctx.holders)
      .map((h) => h?.leaseId)
      .filter((l): l is string => Boolean(l));
  world.rest = Promise.all([sinkPromise, b.waitFor(['ready']), ...extra.map(([, w]) => w.waitFor(['ready']))]).then(([sink]) => {
    world.sink = sink.child;
    world.sinkUrl = sink.url;
    if (sink.database) world.sinkDatabase = sink.database;
    ctx.sinkPids.push(sink.child.pid);
    const where = sink.database ? `PostgreSQL schema ${sink.database.schema}` : `SQLite at ${database}`;
    listener({
      type: 'step',
      id: 'processes',
      status: 'done',
      text: `sink on ${sink.url.replace('http://', '')}, ${where}; B (pid ${b.pid}) ready`,
      atMs: performance.now() - t0,
    });
  });
  // Surfaces a sink that fails early without an unhandled rejection; acquire('B') awaits it for real.
  world.rest.catch(() => undefined);
  return { world, ctx, a, b, database, endpoints, serverStartMs };
}

function tokenOf(holder: { token: number | null } | undefined): number | null {
  return holder === undefined ? 0 : holder.token;
}

/** Runs the experiment on a started world and builds the result its verdict is read from. */
export async function runExperiment(started: StartedRun, { options, experiment, listener, t0 }: Omit<StartInput, 'teardown' | 'runId'>): Promise<LabResult> {
  const { world, ctx, a, b, database, endpoints, serverStartMs } = started;
  const outcome = await experiment.run(ctx);
  const verdictAt = performance.now();
  // PostgreSQL's cluster is gone after the run: its tables go into the evidence now.
  const postgres = world.sinkDatabase ? { ...world.sinkDatabase.evidence, dump: (await getJson(`${world.sinkUrl}/admin/dump`, 10_000)).body } : undefined;
  const checks = outcome.checks;
  const result: LabResult = {
    schemaVersion: 1,
    version: toolVersion(),
    experiment: options.experiment,
    coordinator: options.coordinator,
    ttlMs: ctx.grantedTtlMs,
    requestedTtlMs: options.ttlMs,
    // null where the lock gives no token (a Redis lock's random value, kept in lockValues).
    tokens: { A: reportedToken(options.coordinator, tokenOf(ctx.holders.A)), B: reportedToken(options.coordinator, tokenOf(ctx.holders.B)) },
    ...(ctx.holders.A?.lockValue && ctx.holders.B?.lockValue ? { lockValues: { A: ctx.holders.A.lockValue, B: ctx.holders.B.lockValue } } : {}),
    observedExpiryWaitMs: ctx.observedExpiryWaitMs,
    stoppedAfterMs: ctx.stoppedAfterMs,
    modes: outcome.modes,
    verdict: checks.every((c) => c.ok) ? 'expected' : 'unexpected',
    checks,
    durationMs: Math.round(verdictAt - t0 - (serverStartMs ?? 0)),
    // etcdStartMs is kept as it was for etcd; serverStartMs names any server the run started.
    etcdStartMs: options.coordinator === 'etcd' ? serverStartMs : undefined,
    serverStartMs,
    ...(options.coordinator === 'redis' ? { tokenMode: options.token ?? 'none' } : {}),
    ...(world.server ? { server: { argv: world.server.process.argv, dir: world.server.dir, ports: world.server.ports } } : {}),
    ...(options.coordinator === 'etcd' ? { etcdEndpoints: endpoints } : {}),
    sink: postgres ? { url: world.sinkUrl, database: `${postgres.schema} (PostgreSQL)`, postgres } : { url: world.sinkUrl, database },
    pids: { A: a.pid, B: b.pid, sink: ctx.sinkPids },
    observations: ctx.observations,
    startedAt: new Date(Date.now() - (performance.now() - t0)).toISOString(),
    outDir: options.outDir,
    ...(outcome.failover ? { failover: outcome.failover } : {}),
    ...(outcome.ensembleFailover ? { ensembleFailover: outcome.ensembleFailover } : {}),
    ...(outcome.restore ? { restore: outcome.restore } : {}),
  };
  listener({ type: 'verdict', result, atMs: verdictAt - t0 });
  return result;
}

/**
 * The coordinator's real server: one the user runs (never stopped), or a
 * throwaway one through the lab's launcher, owned by the teardown from its
 * spawn on (an interrupt while it starts ends it too).
 */
async function startCoordinatorServer(
  options: LabOptions,
  td: LabTeardown,
  listener: LabListener,
  t0: number,
): Promise<{ endpoints: string[]; startMs: number | undefined }> {
  const kind = options.coordinator;
  const server = await coordinatorServer(kind);
  if (!server) throw new Error(`${kind} has no server`);
  const given = server.given(options);
  if (given) return { endpoints: given, startMs: undefined };
  const bin = server.find(options);
  if (!bin) throw new LabUnavailableError(server.missing(options));
  const title = coordinatorEntry(kind).title;
  const id = kind === 'etcd' ? 'etcd' : 'server';
  listener({ type: 'step', id, status: 'started', text: `starting a throwaway ${title}`, atMs: 0 });
  const launch = launchServer(server.spec(bin, options), {
    recorder: td.pidfile,
    stopping: () => td.stopping,
    // A starting server's process alone; once up, the launched server's stop, which ends whichever
    // process runs (an experiment may restart it) and removes its temp dir.
    onProcess: (proc) => {
      if (!td.server) td.serverStop = proc.stop;
    },
  });
  td.serverLaunch = launch;
  const launched = await launch;
  td.server = launched;
  td.serverStop = launched.stop;
  if (td.stopping) {
    // Interrupted while the server was starting: the teardown may have passed already.
    await launched.stop();
    throw new LabAbortedError();
  }
  const startMs = Math.round(launched.startMs);
  const endpoints = server.endpoints(launched.ports);
  listener({
    type: 'step',
    id,
    status: 'done',
    text: `${title} (pid ${launched.process.pid}) on ${endpoints[0]}, ready in ${startMs} ms`,
    atMs: performance.now() - t0,
  });
  return { endpoints, startMs };
}
