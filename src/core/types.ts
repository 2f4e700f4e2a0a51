/**
 * The simulator's vocabulary: scenarios in, runs and explorations out.
 * Mirrors ../shared/spec/scenarios.md; pure data, no behaviour.
 */

/** A fencing token: [epoch, counter], compared lexicographically (spec 3.1). */
export type Token = readonly [epoch: number, counter: number];

export type Minting = 'durable' | 'volatile';
export type CheckMode = 'atomic' | 'split';

export interface ScenarioConfig {
  /** Lease length in ticks, integer >= 2. */
  ttl: number;
  keepalive: boolean;
  fencing: boolean;
  minting: Minting;
  check: CheckMode;
  /** Ticks between check and apply in split mode, >= 1. */
  splitGap: number;
  /** The sink's value before any write. */
  initial: string | null;
}

export const DEFAULT_CONFIG: Readonly<ScenarioConfig> = Object.freeze({
  ttl: 10,
  keepalive: true,
  fencing: true,
  minting: 'durable',
  check: 'atomic',
  splitGap: 1,
  initial: null,
});

/** The toggles a learner or a command line may change without editing the file. */
export type ConfigOverrides = Partial<Pick<ScenarioConfig, 'fencing' | 'minting' | 'check' | 'ttl'>>;

interface StepBase {
  /** Tick at which the step is due, integer >= 0. */
  at: number;
  actor: string;
  /** 1-based line of the step in its source file, when loaded from one. */
  line?: number;
}

export type Step =
  | (StepBase & { do: 'acquire'; wait: boolean })
  | (StepBase & { do: 'release' })
  | (StepBase & { do: 'pause'; for?: number })
  | (StepBase & { do: 'resume' })
  | (StepBase & { do: 'write'; value: string; delay: number })
  | (StepBase & { do: 'failover' })
  | (StepBase & { do: 'sink-restart'; durable: boolean });

export type StepKind = Step['do'];

export interface Scenario {
  id: string;
  title?: string;
  summary?: string;
  config: ScenarioConfig;
  steps: Step[];
  /** Where it came from: a shipped scenario, or a file given by the user. */
  origin?: { file: string; local?: boolean };
}

export type EventKind =
  | 'grant'
  | 'wait'
  | 'deny'
  | 'release'
  | 'release-ignored'
  | 'expire'
  | 'pause'
  | 'resume'
  | 'send'
  | 'accept'
  | 'reject'
  | 'check-pass'
  | 'apply'
  | 'failover'
  | 'sink-restart';

export interface SimEvent {
  t: number;
  kind: EventKind;
  /** The actor concerned: a worker, or `coordinator` / `sink` for their own events. */
  actor: string;
  token?: Token | null;
  value?: string;
  hwm?: Token | null;
  /** Extra, free-form detail for renderers (e.g. why a write was rejected). */
  reason?: string;
  /** Index into `writes` for send/accept/reject/check-pass/apply events. */
  write?: number;
  /** True on the event that makes a write a stale acceptance. */
  stale?: boolean;
  /** send: the tick the write will reach the sink. */
  arrivesAt?: number;
  /** wait/deny: the actor holding the lock at the time. */
  holder?: string;
  /** pause: ticks until it resumes by itself, when given. resume: true for an auto-resume. */
  for?: number;
  auto?: boolean;
  /** failover: the minting mode it followed. sink-restart: whether the mark survived. */
  minting?: Minting;
  durable?: boolean;
}

export interface Grant {
  t: number;
  actor: string;
  token: Token;
}

export interface WriteRecord {
  actor: string;
  value: string;
  /** The token the actor believed it held when sending; null if never granted. */
  token: Token | null;
  sentAt: number;
  arrivedAt: number;
  result: 'accepted' | 'rejected';
  /** The sink's mark when the write was decided (checked, in split mode). */
  hwmBefore: Token | null;
  /** Split mode: tick the apply happened, or null if it never did. */
  appliedAt?: number | null;
  /** True when this write was a stale acceptance (spec 3.6). */
  stale: boolean;
  /** 0-based position of this write among all writes in the order they were sent. */
  sendIndex: number;
}

export interface SimResult {
  scenario: string;
  config: ScenarioConfig;
  grants: Grant[];
  writes: WriteRecord[];
  events: SimEvent[];
  final: { value: string | null; hwm: Token | null };
  staleAcceptances: number;
  /** The last tick the run reached (spec 3.4: the first tick with nothing left). */
  endTick: number;
}

export type SinkOpKind = 'write' | 'check' | 'apply';

export interface SinkOperation {
  actor: string;
  value: string;
  token: Token | null;
  op: SinkOpKind;
  result: 'accepted' | 'rejected' | 'passed' | 'applied';
  /** The mark before this operation. */
  hwm: Token | null;
  stale?: boolean;
}

export interface ExploreResult {
  scenario: string;
  config: ScenarioConfig;
  /** Exact; may exceed 2^53. */
  orderings: bigint;
  /** Final value ("null" for none) to the number of orderings ending with it. */
  finalValues: Record<string, bigint>;
  orderingsWithStaleAcceptance: bigint;
  counterexample: SinkOperation[] | null;
}
