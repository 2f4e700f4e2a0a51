/**
 * The exercises' vocabulary: what a shipped exercise is (its manifest), what
 * a check sends and observes, and the report a check run ends with. Plain
 * data: the CLI, `--json`, the saved reports and `grade` all read these.
 */

export type { ExerciseKind, ExerciseManifest, ExerciseNeed } from '../content/exercise/exercise-registry.js';

/** One request the adversary sends to the learner's sink. */
export interface SinkRequest {
  /** Who sends it in the story: A (the stale holder), B (the new holder). */
  writer: string;
  /** `write` (most exercises) or `register` (exercise 3). */
  fn: 'write' | 'register';
  value?: string;
  token: number | null;
  requestId?: string;
}

/** What the learner's code answered (or did instead of answering). */
export interface SinkAnswer {
  accepted: boolean;
  reason?: string;
  /** 200 when accepted, 409 when refused, 500 when the code threw. */
  status: number;
  /** The learner's exception, its stack trimmed to their file. */
  error?: string;
}

/** One database call of a request, in the order the adversary let them run. */
export interface StepRecord {
  /** Index of the request in the trial; -1 for the sink's own restart or kill. */
  request: number;
  /**
   * `get`, `all`, `run`, `exec` or `transaction`; `waits` when PostgreSQL made the request's statement
   * (its `sql`) wait on a lock another request holds; `restart` or `kill` for the sink.
   */
  op: string;
  sql?: string;
}

/** The state the tutor reads back from the resource row. */
export interface SinkState {
  value: string | null;
  mark: number | null;
}

/** One replay of a scenario against a fresh database. */
export interface TrialRun {
  requests: SinkRequest[];
  answers: (SinkAnswer | undefined)[];
  steps: StepRecord[];
  final: SinkState;
  /** Position in `steps` when each request was sent, and when it answered (for the timeline). */
  sentAt: number[];
  answeredAt: number[];
  /** The state read at each `probe` item, in order. */
  probes?: SinkState[];
  /** Set when the sink was killed and restarted during the trial. */
  restarts?: number;
}

/** `not-exhaustive`: nothing wrong was seen, but a cap stopped the search before every interleaving ran. */
export type CheckStatus = 'passed' | 'failed' | 'timed-out' | 'threw' | 'not-exhaustive';

export interface CheckResult {
  id: string;
  title: string;
  status: CheckStatus;
  /** One sentence: what was seen. */
  summary: string;
  /** The run shown (the first wrong one, else a representative one). */
  shown?: TrialRun;
  /** How many runs the adversary made, and how many went wrong. */
  runs: number;
  wrong: number;
  /** On failure: a hint at the reasoning, never the answer. */
  hint?: string;
  /** What was sent and answered, one safe line each (client and --sink-cmd checks, which have no `shown` run). */
  detail?: string[];
  durationMs: number;
}

export interface TokenEvidence {
  /** A's token (the stale holder's) and B's (the new holder's): A < B. */
  tokens: { A: number; B: number };
  ttlMs: number;
  /** Milliseconds from A's grant to the runner seeing the lock gone. */
  observedExpiryWaitMs: number;
  /** The lab's observations of the expiry, for the timeline. */
  observations: { atMs: number; actor: string; kind: string; token?: number | undefined; note?: string | undefined }[];
}

export const EXERCISE_REPORT_SCHEMA = 1;

export interface ExerciseReport {
  schemaVersion: typeof EXERCISE_REPORT_SCHEMA;
  kind: 'exercise';
  version: string;
  exercise: string;
  title: string;
  passed: boolean;
  checks: CheckResult[];
  /** SHA-256 of the learner's file as checked. */
  fileSha256: string;
  file: string;
  evidence?: TokenEvidence;
  /** The answer to the exercise's question, when one was given. */
  answer?: string | undefined;
  /** `exercise check --student NAME`, for an instructor's `grade`. */
  student?: string;
  startedAt: string;
  durationMs: number;
  /** The learner's captured output, trimmed and neutralised. */
  output: string[];
  /** Checked as a black box with `--sink-cmd`: the command (then `fileSha256` hashes it). */
  sinkCmd?: string;
  /** What a pass is worth, when it is weaker evidence than the in-process adversary (`--sink-cmd`). */
  caveat?: string;
}
