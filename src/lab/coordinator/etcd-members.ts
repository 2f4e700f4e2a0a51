/**
 * The etcd members an experiment starts for itself (failover: three;
 * restore: one it restores), through the lab's one server launcher
 * (src/lab/servers/): each recorded in the pidfile before its spawn, in its
 * own process group, logging to a file; the ports retried when one was taken.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { postJson } from '../http.js';
import { delay } from '../processes/children.js';
import { freePorts } from '../servers/free-port.js';
import { makeRecordedTempDir } from '../servers/run-temp-dir.js';
import { type ServerProcess, startServerProcess } from '../servers/server-process.js';
import type { ServerRecorder } from '../servers/spawn-server.js';
import { LabUnavailableError } from '../types.js';
import { EtcdClient } from './etcd-client.js';
import { etcdArgv, UNRECORDED } from './etcd-launcher.js';
import { errorMessage } from '../../platform/error-message.js';

const HEARTBEAT_MS = 50;
const ELECTION_TIMEOUT_MS = 500;
const READY_TIMEOUT_MS = 15_000;

export interface EtcdMember {
  readonly name: string;
  readonly clientUrl: string;
  readonly peerUrl: string;
  readonly pid: number;
  readonly argv: string[];
  readonly dataDir: string;
  readonly logPath: string;
  readonly exited: Promise<void>;
  isRunning(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it lingers; resolves once the process is gone. */
  stop(): Promise<void>;
}

export interface LaunchOptions {
  bin: string;
  count: number;
  /** The run's pidfile: each member and the temp root recorded before they exist. */
  recorder?: ServerRecorder;
  /** True once the run is being torn down: no member starts after that. */
  stopping?: () => boolean;
}

export class EtcdMembers {
  /** Ends the tool commands (etcdctl) still running when the members are stopped. */
  private readonly aborter = new AbortController();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly root: string,
    readonly members: EtcdMember[],
    readonly initialCluster: string,
    readonly startMs: number,
    private readonly opts: LaunchOptions,
  ) {}

  get endpoints(): string[] {
    return this.members.map((m) => m.clientUrl);
  }

  /**
   * Runs a tool command that works on these members' files (etcdctl), so
   * that stop() can end it and wait for it before removing the temp root
   * (a restore still writing would otherwise recreate it).
   */
  async runTool<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.aborter.signal.aborted) throw new LabUnavailableError('the run is stopping');
    const running = work(this.aborter.signal);
    this.pending.add(running);
    try {
      return await running;
    } finally {
      this.pending.delete(running);
    }
  }

  /**
   * Starts member `index` again on `dataDir` (a restored one), same name and
   * ports. A port someone else took meanwhile is waited for and retried (the
   * restored data names the peer URL, so the port cannot change), and a
   * member that still cannot start says why, from its log.
   */
  async restart(index: number, dataDir: string, attempts = 10): Promise<EtcdMember> {
    const old = this.members[index];
    if (!old) throw new Error(`no member ${index}`);
    await old.stop();
    let lastError = '';
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (this.opts.stopping?.()) throw new LabUnavailableError('the run is stopping');
      const member = startMember(this.opts, {
        name: old.name,
        clientUrl: old.clientUrl,
        peerUrl: old.peerUrl,
        dataDir,
        logPath: `${dataDir}.log`,
        initialCluster: this.initialCluster,
      });
      this.members[index] = member;
      try {
        await waitReady([member], this.opts.stopping);
        return member;
      } catch (err) {
        lastError = `${errorMessage(err)}\n${tail(member.logPath)}`.trim();
        await member.stop();
        if (!PORT_TAKEN.test(lastError)) break;
        await delay(100 * (attempt + 1));
      }
    }
    throw new LabUnavailableError(`${old.name} did not start again on ${old.clientUrl} and ${old.peerUrl}:\n${lastError}`);
  }

  /** Every member stopped and the temp root removed, whatever state they are in. */
  async stop(): Promise<void> {
    this.aborter.abort();
    await Promise.allSettled([...this.pending]);
    await Promise.all(this.members.map((m) => m.stop()));
    rmSync(this.root, { recursive: true, force: true });
  }
}

export async function launchEtcdMembers(opts: LaunchOptions): Promise<EtcdMembers> {
  const started = performance.now();
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const ports = await freePorts(opts.count * 2);
    const root = makeRecordedTempDir('fence-tutor-etcd-members', opts.recorder ?? UNRECORDED);
    const specs = Array.from({ length: opts.count }, (_, i) => ({
      name: `member-${i + 1}`,
      clientUrl: `http://127.0.0.1:${ports[2 * i]}`,
      peerUrl: `http://127.0.0.1:${ports[2 * i + 1]}`,
      dataDir: join(root, `member-${i + 1}`),
      logPath: join(root, `member-${i + 1}.log`),
    }));
    const initialCluster = specs.map((s) => `${s.name}=${s.peerUrl}`).join(',');
    const members: EtcdMember[] = [];
    const cluster = new EtcdMembers(root, members, initialCluster, 0, opts);
    try {
      for (const spec of specs) {
        if (opts.stopping?.()) break;
        members.push(startMember(opts, { ...spec, initialCluster }));
      }
      if (members.length === specs.length) {
        await waitReady(members, opts.stopping);
        return new EtcdMembers(root, members, initialCluster, performance.now() - started, opts);
      }
    } catch (err) {
      lastError = `${errorMessage(err)}\n${members.map((m) => tail(m.logPath)).join('\n')}`.trim();
    }
    await cluster.stop();
    if (opts.stopping?.()) throw new LabUnavailableError('the run is stopping');
    if (!PORT_TAKEN.test(lastError)) break;
  }
  throw new LabUnavailableError(`the throwaway etcd members did not become ready${lastError ? `:\n${lastError}` : ''}`);
}

interface MemberSpec {
  name: string;
  clientUrl: string;
  peerUrl: string;
  dataDir: string;
  logPath: string;
  initialCluster: string;
}

const PORT_TAKEN = /address already in use/i;

function startMember(opts: LaunchOptions, spec: MemberSpec): EtcdMember {
  const argv = etcdArgv(opts.bin, spec, { heartbeatMs: HEARTBEAT_MS, electionMs: ELECTION_TIMEOUT_MS });
  const proc: ServerProcess = startServerProcess('etcd', argv, spec.logPath, opts.recorder ?? UNRECORDED);
  return {
    ...spec,
    pid: proc.pid,
    argv,
    exited: proc.exited,
    isRunning: proc.isRunning,
    kill: proc.kill,
    stop: proc.stop,
  };
}

/** Ready means every member grants a lease through its own endpoint (a leader exists and it is reachable). */
async function waitReady(members: EtcdMember[], stopping?: () => boolean): Promise<void> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  const pending = new Set(members);
  while (pending.size > 0) {
    if (stopping?.()) throw new Error('the run is stopping');
    for (const m of [...pending]) {
      if (!m.isRunning()) throw new Error(`${m.name} exited while starting`);
      if (await new EtcdClient([m.clientUrl]).canGrant()) pending.delete(m);
    }
    if (pending.size === 0) return;
    if (performance.now() > deadline) throw new Error(`${[...pending].map((m) => m.name).join(', ')} not ready in time`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One member's view of the cluster, from the gateway's maintenance status (`POST /v3/maintenance/status`). */
export interface MemberStatus {
  memberId: string;
  /** The leader's member id; "0" while there is none. */
  leader: string;
  raftTerm: string;
  revision: number;
}

export async function memberStatus(clientUrl: string, timeoutMs = 500): Promise<MemberStatus> {
  const res = await postJson(`${clientUrl}/v3/maintenance/status`, {}, timeoutMs);
  const header = (res.body.header ?? {}) as { member_id?: string; revision?: string };
  if (res.status !== 200 || !header.member_id) throw new Error(`status of ${clientUrl}: HTTP ${res.status}`);
  return {
    memberId: String(header.member_id),
    leader: String(res.body.leader ?? '0'),
    raftTerm: String(res.body.raftTerm ?? ''),
    revision: Number(header.revision ?? 0),
  };
}

/** A lease's remaining TTL in seconds as etcd reports it (`/v3/lease/timetolive`); -1 once it is gone. */
export async function leaseTimeToLive(clientUrl: string, leaseId: string): Promise<{ ttlS: number; grantedS: number }> {
  const res = await postJson(`${clientUrl}/v3/lease/timetolive`, { ID: leaseId }, 1000);
  return { ttlS: Number(res.body.TTL ?? -1), grantedS: Number(res.body.grantedTTL ?? 0) };
}

/**
 * What etcd reports as a lease's TTL while no lessor runs its clock: a member
 * that is not (yet) the primary lessor keeps every lease "forever" and answers
 * math.MaxInt64 nanoseconds, in whole seconds. A newly elected leader answers
 * this until it has taken the leases over (lessor.Promote), a moment after the
 * election shows in its status.
 */
export const FOREVER_TTL_S = 9_223_372_036;

/** The TTL once the member's lessor runs the lease's clock: polls past the forever answer, for at most `withinMs`. */
export async function leaseTimeToLiveOnClock(
  clientUrl: string,
  leaseId: string,
  withinMs = 3000,
  read: typeof leaseTimeToLive = leaseTimeToLive,
): Promise<{ ttlS: number; grantedS: number }> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const ttl = await read(clientUrl, leaseId);
    if (ttl.ttlS < FOREVER_TTL_S) return ttl;
    if (performance.now() > deadline) throw new Error(`${clientUrl} still holds lease ${leaseId} without a clock ${withinMs} ms after its election`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-3).join('\n');
  } catch {
    return '';
  }
}
