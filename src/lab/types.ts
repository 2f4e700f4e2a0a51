import type { SinkOptions } from './sink-options.js';
/**
 * The lab's vocabulary: what a run is asked to do, the events it emits while
 * it runs, and the result it ends with. The Ink screen, the plain printer,
 * `--json` and the evidence files are renderings of these (design.md §1).
 */

import type { ExperimentName } from './experiment-catalogue.js';

// The experiments' names and what each needs: the catalogue is the one list.
export { EXPERIMENTS, type ExperimentName, OWN_ETCD_EXPERIMENTS } from './experiment-catalogue.js';

export { COORDINATORS, type CoordinatorKind } from './coordinator-catalogue.js';
import type { CoordinatorKind } from './coordinator-catalogue.js';

/**
 * The sink's write paths. `atomic` behaves like `fenced`; both check inside one transaction.
 * `revision` and `epoch` are the restore experiment's two token modes: fenced rows whose
 * tokens are etcd's create revision, or `[epoch, revision]` packed into one integer.
 */
export const SINK_MODE_NAMES = ['plain', 'fenced', 'atomic', 'split', 'revision', 'epoch', 'volatile', 'durable'] as const;
export type SinkMode = (typeof SINK_MODE_NAMES)[number];

export type WorkerName = 'A' | 'B' | 'C' | 'D';

/** A lab token: an integer (a revision), or `[epoch, revision]` where an experiment composes an epoch. */
export type LabToken = number | [number, number];

export interface LabOptions {
  experiment: ExperimentName;
  coordinator: CoordinatorKind;
  /** Requested lease length. etcd may grant a longer one; the result reports what was granted. */
  ttlMs: number;
  /** Evidence directory of this run (created). */
  outDir: string;
  /** Use a running etcd cluster instead of starting a throwaway one. */
  etcdEndpoints?: string[] | undefined;
  /** etcd binary for the throwaway cluster; default `etcd` on PATH. */
  etcdBin?: string | undefined;
  /** redis-server for the throwaway Redis; default on PATH. */
  redisBin?: string | undefined;
  /** A Redis the user runs (`redis://host:port`): used, never stopped. */
  redisUrl?: string | undefined;
  /** How the lock mints its token where the service offers a choice (Redis: none or incr). */
  token?: 'none' | 'incr' | undefined;
  /** ZooKeeper's jars (Debian: /usr/share/java); a running ensemble to use instead (HOST:PORT[,...]), never stopped. */
  zookeeperHome?: string | undefined;
  zookeeperConnect?: string | undefined;
  /** The sink's database (issue 36): SQLite in the evidence folder (default) or PostgreSQL. */
  sink?: SinkOptions['sink'];
  postgresUrl?: string | undefined;
  postgresBin?: string | undefined;
  /** split on PostgreSQL: the isolation levels and checks to replay the race under. */
  grid?: SinkOptions['grid'];
  /** The command's start (performance.now()), so durationMs includes argument parsing and set-up. */
  startedAt?: number | undefined;
  /** Aborting ends the run's processes and rejects with LabAbortedError (the Lab screen, when left). */
  signal?: AbortSignal;
}

/** One HTTP answer of the sink, as the worker saw it. */
export interface WriteOutcome {
  status: number;
  accepted: boolean;
  body: Record<string, unknown>;
}

export interface FinalState {
  value: string | null;
  token: LabToken | null;
  /** PostgreSQL grid: the mark column after the cell. */
  mark?: number;
  /** The fenced modes' high-water mark. */
  hwm?: LabToken;
}

/** The sink's PostgreSQL, as the evidence records it. */
export interface SinkDatabaseEvidence {
  kind: 'postgres';
  schema: string;
  /** The lab started the server (else it was the user's --postgres-url). */
  ownServer: boolean;
  /** The user the server ran as (`postgres` when the lab runs as root). */
  runAs?: string | null;
  /** Throwaway settings for speed, named (fsync=off, ...). */
  settings?: Readonly<Record<string, string>>;
  serverStartMs?: number;
  /** The sink's rows and write log at the verdict (the cluster is gone after the run). */
  dump?: Record<string, unknown>;
}

/** A cell of the PostgreSQL grid: one writer's transaction as the database decided it. */
export interface GridWriteJson {
  outcome: 'applied' | 'refused';
  retries: number;
  /** The last SQLSTATE the database raised for this writer, if any (every one is in sqlstates). */
  sqlstate?: string;
  sqlstates: string[];
  waited: boolean;
}

export interface ModeResult {
  /** PostgreSQL grid only: A's stale write applied after B's committed one (B's update lost). */
  staleAccepted?: boolean;
  /** PostgreSQL grid only: each writer's transaction. */
  writes?: { A: GridWriteJson; B: GridWriteJson };
  /** restore only: every worker's token in this mode (`[epoch, revision]` in epoch mode). */
  tokens?: Partial<Record<WorkerName, LabToken>>;
  /** restore only: D's write, the rightful holder after the restore. */
  dWrite?: WriteOutcome;
  /** restart only: the mark the restarted sink read back from the database. */
  markAfterRestart?: LabToken | undefined;
  bWrite?: WriteOutcome;
  lateWrite?: WriteOutcome;
  final: FinalState;
}

export type Verdict = 'expected' | 'unexpected';

/** Every observed moment, in milliseconds since the run's start, for the timeline and report. */
export interface Observation {
  atMs: number;
  actor: 'coordinator' | WorkerName | 'sink' | 'runner';
  kind:
    | 'grant'
    | 'stop'
    | 'expiry-observed'
    | 'resume'
    | 'write'
    | 'sink-killed'
    | 'sink-restarted'
    | 'release'
    | 'leader-killed'
    | 'leader-elected'
    | 'snapshot'
    | 'etcd-restored'
    | 'coordinator-killed'
    | 'coordinator-restarted';
  token?: number | undefined;
  /** restore: the epoch that went with `token` (a revision): read by the worker at a grant, sent with an epoch-mode write. */
  epoch?: number | undefined;
  mode?: SinkMode;
  value?: string;
  status?: number;
  accepted?: boolean;
  note?: string | undefined;
}

export interface LabResult {
  schemaVersion: 1;
  version: string;
  experiment: ExperimentName;
  coordinator: CoordinatorKind;
  /** The lease length actually granted (etcd may raise short ones). */
  ttlMs: number;
  requestedTtlMs: number;
  /** null where the lock gives none (Redis's random value); ZooKeeper's czxid as `[epoch, counter]` (conventions, "Tokens on screen"). */
  tokens: { A: LabToken | null; B: LabToken | null };
  /** Redis: each lock's random value (not a token: it orders nothing); ZooKeeper: each token's czxid in raw hex. */
  lockValues?: { A: string; B: string };
  observedExpiryWaitMs: number;
  stoppedAfterMs: number;
  modes: Partial<Record<SinkMode, ModeResult>>;
  verdict: Verdict;
  /** Why the verdict is what it is, one sentence per check. */
  checks: { ok: boolean; text: string }[];
  durationMs: number;
  /** etcd only: time spent starting the throwaway etcd, left out of durationMs. */
  etcdStartMs?: number | undefined;
  /** Any coordinator whose server the run started (etcd, Redis): its start, left out of durationMs. */
  serverStartMs?: number | undefined;
  /** How the lock minted its token (Redis: none or incr). */
  tokenMode?: 'none' | 'incr';
  /** The server the run started for its coordinator (not etcd's failover/restore members): how it ran, and its temp dir (removed). */
  server?: { argv: string[]; dir: string; ports: number[] };
  etcdEndpoints?: string[];
  /** The sink's service and database: SQLite's file, or (issue 36) PostgreSQL's schema and settings beside it. */
  sink: { url: string; database: string; postgres?: SinkDatabaseEvidence };
  pids: { A: number; B: number; sink: number[] };
  observations: Observation[];
  startedAt: string;
  outDir: string;
  /** failover only: what the cluster did. */
  failover?: FailoverEvidence;
  /** failover on ZooKeeper: what the ensemble did, and what became of A's session. */
  ensembleFailover?: EnsembleFailoverEvidence;
  /** restore only: the snapshot, the restore and the epoch. */
  restore?: RestoreEvidence;
}

export interface FailoverEvidence {
  members: { name: string; memberId: string; pid: number; clientUrl: string }[];
  leaderBefore: string;
  leaderAfter: string;
  killedMember: string;
  killedPid: number;
  /** From the SIGKILL until a surviving member reported a new leader (polled). */
  electionMs: number;
  /** A's lease TTL in seconds as etcd reported it (timetolive), before the kill and after the election. */
  leaseTtlBeforeS: number;
  leaseTtlAfterS: number;
  grantedTtlS: number;
  /** The endpoint B was told to use: a surviving member. */
  bEndpoint: string;
}

/** The ZooKeeper ensemble's failover: members, the leader asked with srvr before and after, and A's session. */
export interface EnsembleFailoverEvidence {
  /** tickTime, initLimit, syncLimit and the JVM heap every member ran with (zookeeper-server.ts, ZOOKEEPER_TIMING). */
  settings: { tickTimeMs: number; initLimit: number; syncLimit: number; heap: string };
  members: { id: number; pid: number; clientPort: number; quorumPort: number; electionPort: number }[];
  /** The members' myids. */
  leaderBefore: number;
  leaderAfter: number;
  killedPid: number;
  /** The leader's epoch (the high 32 bits of its srvr zxid) before the kill and after the election. */
  epochBefore: number;
  epochAfter: number;
  /** From the SIGKILL until the survivors' srvr named one leader (polled). */
  electionMs: number;
  /** A's session (stopped, so no heartbeats): its negotiated timeout and when its znode was seen gone. */
  aSession: { id: string; timeoutMs: number; expiredAfterGrantMs: number; expiredAfterKillMs: number; expiredAfterElectionMs: number };
  /** The survivors B connected to. */
  bConnect: string;
}

export interface RestoreEvidence {
  snapshotRevision: number;
  revisionBeforeRestore: number;
  revisionAfterRestore: number;
  epochBefore: number;
  epochAfter: number;
  epochFile: string;
  restoreCommand: string[];
  /** From stopping etcd until the restored member granted a lease. */
  restoreMs: number;
}

export type LabStepId =
  | 'etcd'
  | 'server'
  | 'processes'
  | 'acquire-a'
  | 'acquire-c'
  | 'acquire-d'
  | 'release'
  | 'snapshot'
  | 'kill-leader'
  | 'election'
  | 'restore'
  | 'restart-coordinator'
  | 'stop-a'
  | 'wait-expiry'
  | 'acquire-b'
  | 'write-b'
  | 'kill-sink'
  | 'resume-a'
  | 'late-write'
  | 'verdict';

export type LabEvent =
  | { type: 'step'; id: LabStepId; status: 'started' | 'done'; text: string; atMs: number }
  | { type: 'waiting'; elapsedMs: number; ttlMs: number; atMs: number }
  | {
      type: 'write';
      writer: WorkerName;
      mode: SinkMode;
      value: string;
      /** null: the write carried no token (a Redis lock's random value); ZooKeeper's czxid as `[epoch, counter]`. */
      token: LabToken | null;
      outcome: WriteOutcome;
      atMs: number;
    }
  | { type: 'verdict'; result: LabResult; atMs: number }
  | { type: 'note'; text: string; atMs: number };

export type LabListener = (event: LabEvent) => void;

/** The lab cannot run here (no SIGSTOP, no etcd, a busy coordinator): exit 2, not a verdict. */
export class LabUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabUnavailableError';
  }
}

/** The run was interrupted and cleaned up; the process is on its way out (130/143). */
export class LabAbortedError extends Error {
  constructor() {
    super('the lab run was interrupted');
    this.name = 'LabAbortedError';
  }
}
