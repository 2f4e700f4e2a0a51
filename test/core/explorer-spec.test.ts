import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { explore } from '../../src/core/explorer.js';
import { SPEC_LATE_WRITE } from './helpers.js';

const lateWrite = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');

describe('spec section 5: exploring late-write', () => {
  it('split: 15 orderings, 9 end at "100", 6 at "1", 6 stale', () => {
    const r = explore(lateWrite, { check: 'split' });
    expect(r.orderings).toBe(15n);
    expect(r.finalValues).toEqual({ '100': 9n, '1': 6n });
    expect(r.orderingsWithStaleAcceptance).toBe(6n);
    expect(r.counterexample).not.toBeNull();
    const ops = r.counterexample!;
    expect(ops.filter((o) => o.stale)).toHaveLength(1);
    for (const o of ops) {
      expect(['write', 'check', 'apply']).toContain(o.op);
      expect(['accepted', 'rejected', 'passed', 'applied']).toContain(o.result);
      expect(o).toHaveProperty('actor');
      expect(o).toHaveProperty('value');
      expect(o).toHaveProperty('token');
    }
  });

  it('split: the counterexample is the first violating ordering in actor order, A before B (A\'s late "1" applied after B\'s "100")', () => {
    const ops = explore(lateWrite, { check: 'split' }).counterexample!;
    expect(ops.map((o) => `${o.actor} ${o.op} ${o.value} ${o.result}${o.stale ? ' stale' : ''}`)).toEqual([
      'A check 0 passed',
      'A apply 0 applied',
      'A check 1 passed',
      'B check 100 passed',
      'B apply 100 applied',
      'A apply 1 applied stale',
    ]);
  });

  it('atomic: 3 orderings, all ending at "100", none stale', () => {
    const r = explore(lateWrite, { check: 'atomic' });
    expect(r.orderings).toBe(3n);
    expect(r.finalValues).toEqual({ '100': 3n });
    expect(r.orderingsWithStaleAcceptance).toBe(0n);
    expect(r.counterexample).toBeNull();
  });

  it('fencing off: 3 orderings, 2 ending at "1", 2 stale', () => {
    const r = explore(lateWrite, { fencing: false });
    expect(r.orderings).toBe(3n);
    expect(r.finalValues['1']).toBe(2n);
    expect(r.finalValues['100']).toBe(1n);
    expect(r.orderingsWithStaleAcceptance).toBe(2n);
    expect(r.counterexample!.every((o) => o.op === 'write' && o.result === 'accepted')).toBe(true);
  });
});
