/**
 * The lab's vocabulary: what a run is asked to do, the events it emits while
 * it runs, and the result it ends with. The Ink screen, the plain printer,
 * `--json` and the evidence files are renderings of these (design.md §1).
 */

export type ExperimentName = 'late-write' | 'split' | 'early' | 'restart';
export const EXPERIMENTS: readonly ExperimentName[] = ['late-write', 'split', 'early', 'restart'];

export type CoordinatorKind = 'embedded' | 'etcd';

/** The sink's write paths. `atomic` behaves like `fenced`; both check inside one transaction. */
export type SinkMode = 'plain' | 'fenced' | 'atomic' | 'split';

export type WorkerName = 'A' | 'B';

export interface LabOptions {
  experiment: ExperimentName;
  coordinator: CoordinatorKind;
  /** Requested lease length. etcd may grant a longer one; the result reports what was granted. */
  ttlMs: number;
  /** Evidence directory of this run (created). */
  outDir: string;
  /** Use a running etcd cluster instead of starting a throwaway one. */
  etcdEndpoints?: string[];
  /** etcd binary for the throwaway cluster; default `etcd` on PATH. */
  etcdBin?: string;
  /** The command's start (performance.now()), so durationMs includes argument parsing and set-up. */
  startedAt?: number;
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
  token: number | null;
  /** The fenced modes' high-water mark. */
  hwm?: number;
}

export interface ModeResult {
  /** restart only: the mark the restarted sink read back from the database. */
  markAfterRestart?: number;
  bWrite?: WriteOutcome;
  lateWrite?: WriteOutcome;
  final: FinalState;
}

export type Verdict = 'expected' | 'unexpected';

/** Every observed moment, in milliseconds since the run's start, for the timeline and report. */
export interface Observation {
  atMs: number;
  actor: 'coordinator' | 'A' | 'B' | 'sink' | 'runner';
  kind:
    | 'grant'
    | 'stop'
    | 'expiry-observed'
    | 'resume'
    | 'write'
    | 'sink-killed'
    | 'sink-restarted'
    | 'release';
  token?: number;
  mode?: SinkMode;
  value?: string;
  status?: number;
  accepted?: boolean;
  note?: string;
}

export interface LabResult {
  schemaVersion: 1;
  version: string;
  experiment: ExperimentName;
  coordinator: CoordinatorKind;
  /** The lease length actually granted (etcd may raise short ones). */
  ttlMs: number;
  requestedTtlMs: number;
  tokens: { A: number; B: number };
  observedExpiryWaitMs: number;
  stoppedAfterMs: number;
  modes: Partial<Record<SinkMode, ModeResult>>;
  verdict: Verdict;
  /** Why the verdict is what it is, one sentence per check. */
  checks: { ok: boolean; text: string }[];
  durationMs: number;
  /** etcd only: time spent starting the throwaway etcd, left out of durationMs. */
  etcdStartMs?: number;
  etcdEndpoints?: string[];
  sink: { url: string; database: string };
  pids: { A: number; B: number; sink: number[] };
  observations: Observation[];
  startedAt: string;
  outDir: string;
}

export type LabStepId =
  | 'etcd'
  | 'processes'
  | 'acquire-a'
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
      token: number;
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
