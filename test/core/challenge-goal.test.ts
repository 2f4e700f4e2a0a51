import { describe, expect, it } from 'vitest';
import { goalMisses, refusedWhileHeld, tokensWentBackwards } from '../../src/core/challenge-goal.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { DEFAULT_CONFIG, type Scenario, type Step } from '../../src/core/types.js';

const steps: Step[] = [
  { at: 0, actor: 'A', do: 'acquire', wait: true },
  { at: 1, actor: 'A', do: 'write', value: 'A1', delay: 0 },
  { at: 2, actor: 'A', do: 'release' },
  { at: 3, actor: 'C', do: 'acquire', wait: true },
  { at: 4, actor: 'C', do: 'write', value: 'C1', delay: 0 },
  { at: 5, actor: 'C', do: 'release' },
  { at: 6, actor: 'coordinator', do: 'failover' },
  { at: 7, actor: 'B', do: 'acquire', wait: true },
  { at: 8, actor: 'B', do: 'write', value: 'B1', delay: 0 },
];
const scenario = (minting: 'durable' | 'volatile'): Scenario => ({ id: 'x', config: { ...DEFAULT_CONFIG, minting }, steps });
const explorer = (s: Scenario) => explore(s, {});

describe('challenge goals beyond the claim schema', () => {
  it('tells a write refused while its writer holds the lock (volatile minting) from one that is not', () => {
    expect(refusedWhileHeld(simulate(scenario('volatile')), 'B')).toBe(true);
    expect(refusedWhileHeld(simulate(scenario('durable')), 'B')).toBe(false);
    // A stale holder's rejected write is not refused "while holding": its lease had ended.
    expect(
      refusedWhileHeld(
        simulate({
          id: 'l',
          config: { ...DEFAULT_CONFIG },
          steps: [
            { at: 0, actor: 'A', do: 'acquire', wait: true },
            { at: 2, actor: 'A', do: 'pause' },
            { at: 3, actor: 'B', do: 'acquire', wait: true },
            { at: 14, actor: 'B', do: 'write', value: '100', delay: 0 },
            { at: 31, actor: 'A', do: 'resume' },
            { at: 31, actor: 'A', do: 'write', value: '1', delay: 0 },
          ],
        }),
        'A',
      ),
    ).toBe(false);
  });

  it('sees tokens go backwards only when a grant is below an earlier one', () => {
    expect(tokensWentBackwards(simulate(scenario('volatile')))).toBe(true);
    expect(tokensWentBackwards(simulate(scenario('durable')))).toBe(false);
  });

  it('lists each part the run misses, with the claim schema for the timed facts', () => {
    const misses = goalMisses(scenario('durable'), { final: 'A1', refusedWhileHolding: 'B', tokensBackwards: true, ttlAtMost: 5 }, explorer);
    expect(misses.map((m) => m.field)).toEqual(['final', 'ttlAtMost', 'refusedWhileHolding', 'tokensBackwards']);
    expect(goalMisses(scenario('volatile'), { final: 'C1', refusedWhileHolding: 'B', tokensBackwards: true }, explorer)).toEqual([]);
  });

  it('leaves orderings to the explorer, and refuses them for a run with a failover', () => {
    const misses = goalMisses(scenario('durable'), { explore: { stale: 'none' } }, explorer);
    expect(misses).toEqual([expect.objectContaining({ field: 'explore', actual: expect.stringContaining('failover') })]);
    const plain = { ...scenario('durable'), steps: steps.filter((s) => s.do !== 'failover') };
    expect(goalMisses(plain, { explore: { stale: 'none' } }, explorer)).toEqual([]);
    expect(goalMisses(plain, { explore: { stale: 'some' } }, explorer).map((m) => m.field)).toEqual(['explore.stale']);
  });
});
