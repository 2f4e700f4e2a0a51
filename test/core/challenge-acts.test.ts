import { describe, expect, it } from 'vitest';
import { diffActs, forbiddenActs } from '../../src/core/challenge-acts.js';
import { countActs } from '../../src/core/sandbox/act-count.js';
import { DEFAULT_CONFIG, type Step } from '../../src/core/types.js';

const start: Step[] = [
  { at: 0, actor: 'A', do: 'acquire', wait: true },
  { at: 1, actor: 'A', do: 'write', value: '0', delay: 0 },
  { at: 2, actor: 'A', do: 'pause' },
  { at: 5, actor: 'B', do: 'acquire', wait: true },
];
const config = { ...DEFAULT_CONFIG };

describe('diffActs', () => {
  it('counts nothing for the same steps in another order or with other source lines', () => {
    const same = [...start].reverse().map((s, i) => ({ ...s, line: 40 + i }));
    expect(diffActs({ config, steps: start }, { config, steps: same })).toMatchObject({ acts: 0, steps: [], toggles: [] });
  });

  it('counts an added, a removed and a changed step one each, and a toggle one', () => {
    const run: Step[] = [
      start[0]!,
      { at: 1, actor: 'A', do: 'write', value: '0', delay: 9 }, // changed
      { at: 5, actor: 'B', do: 'acquire', wait: true },
      { at: 7, actor: 'B', do: 'write', value: '1', delay: 0 }, // added
    ]; // the pause is removed
    const diff = diffActs({ config, steps: start }, { config: { ...config, fencing: false }, steps: run });
    expect(diff.steps.map((c) => c.kind).sort()).toEqual(['added', 'changed', 'removed']);
    expect(diff.toggles).toEqual(['fencing']);
    expect(diff.acts).toBe(4);
    expect(diff.acts).toBe(countActs({ config, steps: start }, { config: { ...config, fencing: false }, steps: run }).total);
  });

  it('names the changes a challenge does not allow, and settings no challenge may change', () => {
    const run: Step[] = [...start.filter((s) => s.do !== 'pause'), { at: 9, actor: 'A', do: 'resume' }];
    const diff = diffActs({ config, steps: start }, { config: { ...config, ttl: 4, splitGap: 3 }, steps: run });
    const forbidden = forbiddenActs(diff, { steps: ['pause'], toggles: ['fencing'] });
    expect(forbidden.map((f) => f.what)).toEqual(['an added `resume` step (A at tick 9)', 'a change of `ttl`', 'a change of `splitGap`']);
    expect(forbidden[0]?.step).toMatchObject({ do: 'resume' });
    expect(forbiddenActs(diff, { steps: ['pause', 'resume'], toggles: ['ttl'] }).map((f) => f.key)).toEqual(['splitGap']);
  });
});
