/**
 * The explorer's counterexample as a timeline, so Enter replays it in the
 * same drawing as a run: time is the order of the sink's operations (step
 * 1, 2, ...), one lane per writer and one for the sink. Each mark is what
 * the explorer reported for that operation; nothing is recomputed here.
 */
import type { MarkKind, TimelineLane, TimelineModel } from '../../core/timeline/index.js';
import type { SinkOperation } from '../../core/types.js';

function sinkMark(op: SinkOperation): MarkKind {
  if (op.result === 'rejected') return 'reject';
  if (op.op === 'check') return 'check';
  if (op.op === 'apply') return 'apply';
  return 'accept';
}

export function counterexampleTimeline(ops: readonly SinkOperation[]): TimelineModel {
  const lanes = new Map<string, TimelineLane>();
  const sink: TimelineLane = { id: 'sink', label: 'sink', kind: 'sink', spans: [], marks: [] };
  ops.forEach((op, i) => {
    const t = i + 1;
    let lane = lanes.get(op.actor);
    if (!lane) {
      lane = { id: op.actor, label: op.actor, kind: 'actor', spans: [], marks: [] };
      lanes.set(op.actor, lane);
    }
    // A write reaches the sink at its write or check; its apply is the sink's alone.
    if (op.op !== 'apply') lane.marks.push({ kind: 'send', t, actor: op.actor, token: op.token, value: op.value });
    sink.marks.push({ kind: sinkMark(op), t, actor: op.actor, token: op.token, value: op.value, stale: op.stale === true });
  });
  return { unit: 'tick', start: 0, end: ops.length, lanes: [...lanes.values(), sink] };
}
