import { describe, expect, it } from 'vitest';
import type { SinkOperation } from '../../src/core/types.js';
import { counterexampleTimeline } from '../../src/ui/simulator/counterexample-timeline.js';

const ops: SinkOperation[] = [
  { actor: 'A', value: '0', token: [0, 1], op: 'check', result: 'passed', hwm: null },
  { actor: 'B', value: '100', token: [0, 2], op: 'write', result: 'accepted', hwm: null },
  { actor: 'A', value: '0', token: [0, 1], op: 'apply', result: 'applied', hwm: [0, 2], stale: true },
  { actor: 'A', value: '1', token: [0, 1], op: 'check', result: 'rejected', hwm: [0, 2] },
];

describe('counterexample as a timeline', () => {
  it('one step per operation, a lane per writer and the sink, marks as the explorer reported them', () => {
    const model = counterexampleTimeline(ops);
    expect(model.end).toBe(4);
    expect(model.lanes.map((l) => l.id)).toEqual(['A', 'B', 'sink']);
    const sink = model.lanes.at(-1);
    expect(sink?.marks.map((m) => [m.t, m.kind, m.stale])).toEqual([
      [1, 'check', false],
      [2, 'accept', false],
      [3, 'apply', true],
      [4, 'reject', false],
    ]);
    // An apply is the sink's alone: A sends twice, not three times.
    expect(model.lanes[0]?.marks.map((m) => m.t)).toEqual([1, 4]);
  });
});
