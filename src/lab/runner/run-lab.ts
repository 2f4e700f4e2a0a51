/**
 * One lab run from start to verdict: set up the coordinator, the sink and
 * both workers (in parallel), run the experiment, judge it, write the
 * evidence, and end every process it started, whatever happens (success,
 * failure, exception, or SIGINT/SIGTERM through the cleanup registry).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { onCleanup } from '../../platform/cleanup.js';
import { dataSubdir } from '../../platform/data-dir.js';
import { toolVersion } from '../../platform/package-root.js';
import { type CoordinatorClient, connectCoordinator } from '../coordinator/client.js';
import { ETCD_INSTALL_HINT, findEtcd, type LaunchedEtcd, launchEtcd } from '../coordinator/etcd-launcher.js';
import type { EtcdMembers } from '../coordinator/etcd-members.js';
import { writeEvidence } from '../evidence/write-evidence.js';
import { EXPERIMENT_TABLE } from '../experiments/index.js';
import { type ServiceChild, startService, startWorker, type WorkerChild, within } from '../processes/children.js';
import { RunPidfile, reapLeftovers } from '../processes/pidfile.js';
import { LabAbortedError, type LabListener, type LabOptions, type LabResult, LabUnavailableError } from '../types.js';
import { databaseFile, LabContext, type LabWorld } from './lab-context.js';

const debugOn = process.env.FENCE_LAB_DEBUG === '1';
const debugT0 = performance.now();
function debug(text: string): void {
  if (debugOn) process.stderr.write(`[lab ${Math.round(performance.now() - debugT0)} ms] ${text}\n`);
}

export function assertLabSupported(platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') {
    throw new LabUnavailableError(
      'the lab needs SIGSTOP to pause a worker, which Windows does not have; the rest of the tutor works here (try `fence-tutor sim --scenario late-write`)',
    );
  }
}

export async function runLab(options: LabOptions, listener: LabListener = () => undefined): Promise<LabResult> {
  assertLabSupported();
  if (options.signal?.aborted) throw new LabAbortedError();
  const t0 = options.startedAt ?? performance.now();
  const experiment = EXPERIMENT_TABLE[options.experiment];
  // Never mix two runs' evidence (an old mark in the same database would change the outcome).
  for (const file of ['run.json', 'sink.sqlite']) {
    if (existsSync(join(options.outDir, file))) {
      throw new LabUnavailableError(`${options.outDir} already holds a lab run's evidence (${file}). Fix: give a new --out directory, or leave --out out`);
    }
  }
  const runId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const runDir = dataSubdir('run');
  const reaped = await reapLeftovers(runDir);
  if (reaped.ended.length > 0) {
    listener({ type: 'note', text: `ended ${reaped.ended.length} process(es) left by an earlier killed run`, atMs: 0 });
  }
  mkdirSync(options.outDir, { recursive: true });
  const pidfile = new RunPidfile(runDir, runId);
  // Ended in this order: A (continued first), B, the sink(s), the embedded coordinator.
  const workers: WorkerChild[] = [];
  const services: ServiceChild[] = [];
  let etcd: LaunchedEtcd | undefined;
  let members: EtcdMembers | undefined;
  // While members are starting, the teardown waits for the launch (which stops them itself once it sees the teardown).
  let membersLaunch: Promise<unknown> | undefined;
  // Set from etcd's spawn until it is ready: the teardown ends a starting etcd too.
  let stopStartingEtcd: (() => Promise<void>) | undefined;
  let coordinator: CoordinatorClient | undefined;
  const prefix = `/fence-tutor/lab/${runId}/`;
  let ctxRef: LabContext | undefined;

  let tornDown = false;
  // One teardown, however many callers (the normal end, an abort, a signal):
  // a second caller waits for the first to finish instead of returning early.
  let teardownDone: Promise<void> | undefined;
  const teardown = (): Promise<void> => {
    teardownDone ??= (async () => {
      tornDown = true;
      // Stopped workers first: continued, since a stopped process can act on nothing but SIGKILL.
      for (const w of workers) if (w.role === 'A' || w.role === 'C') w.signal('SIGCONT');
      const leases = Object.values(ctxRef?.holders ?? {})
        .map((h) => h?.leaseId)
        .filter((l): l is string => Boolean(l));
      const c = coordinator;
      const releaseLocks = c ? within(Promise.allSettled([...leases.map((l) => c.revoke(l)), c.deletePrefix(prefix)]), 1500) : Promise.resolve(true);
      // The workers end while their leases are revoked; the services (which answer those calls) after.
      await Promise.all([releaseLocks, ...workers.map((w) => w.end())]);
      debug('teardown: workers ended, locks released');
      await Promise.all(services.map((s) => s.end()));
      debug('teardown: services ended');
      await (etcd?.stop ?? stopStartingEtcd)?.();
      await membersLaunch?.catch(() => undefined);
      if (members) await members.stop();
      // Kept while anything it names still runs, so the next run can reap it.
      if (!pidfile.removeIfAllEnded()) debug('teardown: a child outlived its end; the pidfile stays for the next run');
    })();
    return teardownDone;
  };
  let aborted = false;
  const abort = async () => {
    aborted = true;
    await teardown();
  };
  const unregister = onCleanup(abort);
  const onAbort = () => void abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    let etcdStartMs: number | undefined;
    let endpoints: string[];
    let coordinatorChild: ServiceChild | undefined;
    let etcdctl: string | undefined;
    // failover/restore: the members start while the sink and workers start (neither needs the other),
    // and the run waits for them just before it first talks to etcd.
    let ownEtcdReady: (() => Promise<void>) | undefined;
    if (experiment.ownEtcd) {
      const own = await import('./own-etcd.js');
      const tools = own.ownEtcdTools(experiment, options.etcdBin);
      const launching = own.startOwnEtcd({
        experiment,
        tools,
        pidfile,
        listener,
        stopping: () => tornDown,
        elapsed: () => performance.now() - t0,
      });
      membersLaunch = launching;
      launching.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
      endpoints = [];
      ownEtcdReady = async () => {
        const started = await launching;
        members = started.members;
        etcdctl = started.etcdctl;
        if (tornDown) {
          // Interrupted as the last member became ready: the teardown may have passed already.
          await members.stop();
          throw new LabAbortedError();
        }
        etcdStartMs = Math.round(members.startMs);
        endpoints = members.endpoints;
      };
    } else if (options.coordinator === 'etcd') {
      if (options.etcdEndpoints && options.etcdEndpoints.length > 0) {
        endpoints = options.etcdEndpoints;
      } else {
        const bin = findEtcd(options.etcdBin);
        if (!bin) {
          throw new LabUnavailableError(options.etcdBin ? `${options.etcdBin} is not an executable etcd. ${ETCD_INSTALL_HINT}` : ETCD_INSTALL_HINT);
        }
        listener({ type: 'step', id: 'etcd', status: 'started', text: 'starting a throwaway etcd', atMs: 0 });
        etcd = await launchEtcd({
          bin,
          onSpawn: (pid, argv, dir, stop) => {
            stopStartingEtcd = stop;
            pidfile.addChild({ role: 'etcd', pid, argv });
            pidfile.addTempDir(dir);
          },
        });
        if (tornDown) {
          // Interrupted while etcd was starting: the teardown has run already.
          await etcd.stop();
          throw new LabAbortedError();
        }
        etcdStartMs = Math.round(etcd.startMs);
        endpoints = [etcd.endpoint];
        listener({
          type: 'step',
          id: 'etcd',
          status: 'done',
          text: `etcd (pid ${etcd.pid}) on ${etcd.endpoint}, ready in ${etcdStartMs} ms`,
          atMs: performance.now() - t0,
        });
      }
    } else {
      coordinatorChild = startService('coordinator', ['--state-dir', dataSubdir('lab'), '--run', runId], pidfile);
      services.push(coordinatorChild);
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
    const startSink = async () => {
      const child = startService('sink', ['--db', database, '--run', runId], pidfile);
      services.unshift(child);
      if (tornDown) await child.end();
      const ready = await child.waitFor(['ready', 'failed']);
      if (ready.ev === 'failed') throw new LabUnavailableError(`the sink could not start: ${ready.message}`);
      return { child, url: `http://127.0.0.1:${ready.port}`, recoveredLock: ready.recoveredLock === true };
    };
    // Everything starts at once. Only the coordinator and A are on the
    // critical path: the sink and B are needed after the lease has expired.
    // A right after the coordinator: each start also rewrites the pidfile (fsync), and A is on the critical path.
    const a = startWorker('A', ['--run', runId], pidfile);
    workers.push(a);
    const sinkPromise = startSink();
    // Awaited for real through world.rest (meanwhile the run may wait for its own etcd members); an
    // interrupt can end the sink before anyone awaits it, and that rejection must not surface as an
    // unhandled one (a raw stack, exit 1).
    sinkPromise.catch(() => undefined);
    const b = startWorker('B', ['--run', runId], pidfile);
    workers.push(b);
    const extra = (experiment.extraWorkers ?? []).map((name) => {
      const child = startWorker(name, ['--run', runId], pidfile);
      workers.push(child);
      return [name, child] as const;
    });
    if (tornDown) throw new LabAbortedError();
    if (coordinatorChild) {
      const ready = await coordinatorChild.waitFor(['ready', 'failed']);
      if (ready.ev === 'failed') {
        throw new LabUnavailableError(`the embedded coordinator could not start: ${ready.message}`);
      }
      endpoints = [`http://127.0.0.1:${ready.port}`];
    }
    if (ownEtcdReady) await ownEtcdReady();
    coordinator = await connectCoordinator(options.coordinator, endpoints);
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
      stopping: () => tornDown,
      lockKey: `${prefix}lock`,
      ttlMs: options.ttlMs,
      databasePath: database,
      outDir: options.outDir,
      ...(members ? { members } : {}),
      ...(etcdctl ? { etcdctl } : {}),
    };
    debug('coordinator and A ready');
    const ctx = new LabContext(world, listener, t0);
    ctxRef = ctx;
    world.rest = Promise.all([sinkPromise, b.waitFor(['ready']), ...extra.map(([, w]) => w.waitFor(['ready']))]).then(([sink]) => {
      world.sink = sink.child;
      world.sinkUrl = sink.url;
      ctx.sinkPids.push(sink.child.pid);
      listener({
        type: 'step',
        id: 'processes',
        status: 'done',
        text: `sink on ${sink.url.replace('http://', '')}, SQLite at ${database}; B (pid ${b.pid}) ready`,
        atMs: performance.now() - t0,
      });
    });
    // Surfaces a sink that fails early without an unhandled rejection; acquire('B') awaits it for real.
    world.rest.catch(() => undefined);
    const outcome = await experiment.run(ctx);
    const verdictAt = performance.now();
    const checks = outcome.checks;
    const result: LabResult = {
      schemaVersion: 1,
      version: toolVersion(),
      experiment: options.experiment,
      coordinator: options.coordinator,
      ttlMs: ctx.grantedTtlMs,
      requestedTtlMs: options.ttlMs,
      tokens: { A: ctx.holders.A?.token ?? 0, B: ctx.holders.B?.token ?? 0 },
      observedExpiryWaitMs: ctx.observedExpiryWaitMs,
      stoppedAfterMs: ctx.stoppedAfterMs,
      modes: outcome.modes,
      verdict: checks.every((c) => c.ok) ? 'expected' : 'unexpected',
      checks,
      durationMs: Math.round(verdictAt - t0 - (etcdStartMs ?? 0)),
      ...(etcdStartMs !== undefined ? { etcdStartMs } : {}),
      ...(options.coordinator === 'etcd' ? { etcdEndpoints: endpoints } : {}),
      sink: { url: world.sinkUrl, database },
      pids: { A: a.pid, B: b.pid, sink: ctx.sinkPids },
      observations: ctx.observations,
      startedAt: new Date(Date.now() - (performance.now() - t0)).toISOString(),
      outDir: options.outDir,
      ...(outcome.failover ? { failover: outcome.failover } : {}),
      ...(outcome.restore ? { restore: outcome.restore } : {}),
    };
    listener({ type: 'verdict', result, atMs: verdictAt - t0 });
    // B lets go properly; the others simply end.
    await b.request({ op: 'release' }, 2000).catch(() => undefined);
    await teardown();
    writeEvidence(result, experiment);
    debug('evidence written');
    return result;
  } catch (err) {
    // Interrupted (Ctrl-C, SIGTERM): the children were ended under our feet; that is not a failure to report.
    if (aborted) throw new LabAbortedError();
    throw err;
  } finally {
    await teardown();
    unregister();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
