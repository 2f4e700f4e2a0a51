/**
 * A timeline, independent of how it is drawn: lanes (the coordinator, each
 * actor, the sink) holding spans (a lease, a pause, a wait) and marks (a
 * grant, an expiry, a write, the sink's verdict) over time.
 *
 * Built from a simulator run by `timelineFromSim` (ticks, [epoch, counter]
 * tokens), or by hand from real observations by the lab (milliseconds,
 * integer tokens such as etcd revisions). Drawn as text by `renderTimeline`.
 * Everything is plain data, so a model can be built, stored and compared
 * without any renderer.
 */
import type { Token } from '../types.js';

/** A token as shown: a simulator pair, a lab integer, or none. */
export type TimelineToken = Token | number | null;

/** The unit of every time in the model: simulator ticks, lab milliseconds, or the position of an operation in an explored ordering. */
export type TimeUnit = 'tick' | 'ms' | 'step';

export interface TimelineModel {
  /** Ticks for simulator runs, milliseconds for lab observations, steps (1, 2, ...) for an explored ordering. */
  unit: TimeUnit;
  /** The first time shown (usually 0). */
  start: number;
  /** The last time shown, inclusive; >= start. */
  end: number;
  /** Top to bottom: the coordinator, then each actor, then the sink, by convention. */
  lanes: TimelineLane[];
  /** Optional narration, one sentence per moment, in time order (for a caption under the lanes). */
  notes?: TimelineNote[];
}

/** What a lane stands for; decides nothing but the renderer's defaults. */
export type LaneKind = 'coordinator' | 'actor' | 'sink';

export interface TimelineLane {
  /** Stable identifier: `coordinator`, `sink`, or the actor's name. */
  id: string;
  /** Shown at the left of the lane. */
  label: string;
  kind: LaneKind;
  /** Stretches of time, drawn first; later spans paint over earlier ones. */
  spans: TimelineSpan[];
  /** Moments, drawn over the spans, in time order. */
  marks: TimelineMark[];
}

/**
 * - `lease`: the coordinator's view: someone holds the lock (drawn `═`).
 * - `holding`: an actor's view: it holds a valid lease (drawn `─`).
 * - `paused`: the actor is stopped: no keepalive, nothing sent (drawn `░`).
 * - `waiting`: the actor is queued for the lock (drawn `·`).
 */
export type SpanKind = 'lease' | 'holding' | 'paused' | 'waiting';

export interface TimelineSpan {
  kind: SpanKind;
  /** Start time, inclusive. */
  from: number;
  /** End time, inclusive; may equal `from`. */
  to: number;
  /** For `lease` spans: who holds it. */
  owner?: string;
}

/**
 * - `grant`: the lock is granted (`●`, with the owner and token on the coordinator lane).
 * - `expire`: a lease ends by itself (`╳`).
 * - `release`: the holder gives the lock up (`┤`).
 * - `wait` / `deny`: an actor asks while another holds the lock (`◌` / `⊘`).
 * - `failover`: the coordinator restarts (`◆`).
 * - `send`: an actor sends a write (`w`).
 * - `accept` / `reject`: the sink's verdict (`✓` / `✗`, with the value and token).
 * - `check`: split mode, the check passed; the write lands at its `apply` (`?`).
 * - `apply`: split mode, the write lands (`✓`).
 * - `restart`: the sink restarts (`↻`), `lost` when it forgot its mark.
 */
export type MarkKind = 'grant' | 'expire' | 'release' | 'wait' | 'deny' | 'failover' | 'send' | 'accept' | 'reject' | 'check' | 'apply' | 'restart';

export interface TimelineMark {
  kind: MarkKind;
  /** When it happened. */
  t: number;
  /** The actor concerned (the grantee, the writer). */
  actor?: string;
  /** The token concerned: granted, or carried by a write. */
  token?: TimelineToken;
  /** A write's value; null for "no value". Shown sanitised and shortened. */
  value?: string | null;
  /** The write was a stale acceptance (spec 3.6): drawn with the word "stale!". */
  stale?: boolean;
  /** restart: the sink forgot its mark. */
  lost?: boolean;
  /** Words a picture writes beside the mark when its kind alone does not say it (a `failover` mark: "leader killed"). */
  label?: string;
}

export interface TimelineNote {
  /** When it happened. */
  t: number;
  /** One plain sentence. */
  text: string;
}
