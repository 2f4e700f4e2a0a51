/**
 * One explored ordering (a counterexample) as a TimelineModel: time is the
 * position of each sink operation (1, 2, ...); each actor's lane shows when
 * its writes reach the sink, and the sink's lane the verdicts.
 */
import type { SinkOperation } from '../types.js';
import type { TimelineLane, TimelineModel } from './model.js';

export function timelineFromOrdering(ops: readonly SinkOperation[]): TimelineModel {
  const actors = new Map<string, TimelineLane>();
  const sink: TimelineLane = { id: 'sink', label: 'sink', kind: 'sink', spans: [], marks: [] };
  ops.forEach((o, i) => {
    const t = i + 1;
    if (!actors.has(o.actor)) actors.set(o.actor, { id: o.actor, label: o.actor, kind: 'actor', spans: [], marks: [] });
    const base = { t, actor: o.actor, token: o.token, value: o.value };
    if (o.op !== 'apply') actors.get(o.actor)!.marks.push({ kind: 'send', ...base });
    const kind = o.result === 'rejected' ? 'reject' : o.op === 'check' ? 'check' : o.op === 'apply' ? 'apply' : 'accept';
    sink.marks.push({ kind, ...base, ...(o.stale ? { stale: true } : {}) });
  });
  return { unit: 'step', start: 1, end: Math.max(2, ops.length), lanes: [...actors.values(), sink] };
}
