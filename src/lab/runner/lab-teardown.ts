/**
 * Everything one lab run starts, owned in one place and ended once: the
 * workers, the services (sink, embedded coordinator), a throwaway server
 * (etcd, Redis, ZooKeeper, or one still starting), the failover/restore members (or their launch), the
 * locks held in the coordinator, and the run's pidfile. `end()` is called on
 * success, on failure, on an abort and from the SIGINT/SIGTERM cleanup; the
 * first call does the work and every later one waits for that same work.
 */
import type { CoordinatorClient } from '../coordinator/client.js';
import type { LaunchedServer } from '../servers/launch-server.js';
import type { EtcdMembers } from '../coordinator/etcd-members.js';
import { type ServiceChild, type WorkerChild, within } from '../processes/children.js';
import type { RunPidfile } from '../processes/pidfile.js';

export class LabTeardown {
  /** Ended in this order: A (continued first), B, the sink(s), the embedded coordinator. */
  readonly workers: WorkerChild[] = [];
  readonly services: ServiceChild[] = [];
  /**
   * The run's own server (a throwaway etcd, Redis or ZooKeeper), set from its
   * spawn on: the teardown ends a starting one too, then waits for its launch
   * (which removes its temp dir when it gives up).
   */
  serverStop: (() => Promise<void>) | undefined;
  /** The run's own server once it is up (an experiment may restart it: serverStop ends whichever process runs). */
  server: LaunchedServer | undefined;
  serverLaunch: Promise<unknown> | undefined;
  members: EtcdMembers | undefined;
  /** While members are starting, the teardown waits for the launch (which stops them itself once it sees the teardown). */
  membersLaunch: Promise<unknown> | undefined;
  coordinator: CoordinatorClient | undefined;
  /** The sink's PostgreSQL (issue 36): our own server, ended after the sink; or the schema made on the user's. */
  sinkServer: LaunchedServer | undefined;
  sinkServerStop: (() => Promise<void>) | undefined;
  sinkServerLaunch: Promise<unknown> | undefined;
  sinkSchemaDrop: (() => Promise<void>) | undefined;
  /** The lease ids held when the run ends (read then, from the run's context). */
  leases: () => string[] = () => [];
  private done: Promise<void> | undefined;
  private started = false;

  constructor(
    readonly pidfile: RunPidfile,
    /** The run's key prefix in the coordinator: deleted at the end. */
    readonly prefix: string,
    private readonly debug: (text: string) => void = () => undefined,
  ) {}

  /** True once the end has begun: a start in flight stops what it started and gives up. */
  get stopping(): boolean {
    return this.started;
  }

  end(): Promise<void> {
    this.done ??= this.run();
    return this.done;
  }

  private async run(): Promise<void> {
    this.started = true;
    // Stopped workers first: continued, since a stopped process can act on nothing but SIGKILL.
    for (const w of this.workers) if (w.role === 'A' || w.role === 'C') w.signal('SIGCONT');
    const c = this.coordinator;
    const leases = this.leases();
    const releaseLocks = c ? within(Promise.allSettled([...leases.map((l) => c.revoke(l)), c.deletePrefix(this.prefix)]), 1500) : Promise.resolve(true);
    // The workers end while their leases are revoked; the services (which answer those calls) after.
    await Promise.all([releaseLocks, ...this.workers.map((w) => w.end())]);
    this.debug('teardown: workers ended, locks released');
    await Promise.all(this.services.map((s) => s.end()));
    this.debug('teardown: services ended');
    await c?.close?.().catch(() => undefined);
    await this.sinkSchemaDrop?.();
    await this.sinkServerStop?.();
    await this.sinkServerLaunch?.catch(() => undefined);
    await this.serverStop?.();
    await this.serverLaunch?.catch(() => undefined);
    await this.membersLaunch?.catch(() => undefined);
    if (this.members) await this.members.stop();
    // Kept while anything it names still runs, so the next run can reap it.
    if (!this.pidfile.removeIfAllEnded()) this.debug('teardown: a child outlived its end; the pidfile stays for the next run');
  }
}
