import { describe, expect, it } from 'vitest';
import { findShippedScenario, listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { eventClause, narrateComparison, narrateEvent, narrateEvents, narrateOutcome, narrateTicks } from '../../src/core/narration.js';
import { compareTokens, formatToken, maxToken, tokenPairText, tokensEqual } from '../../src/core/token.js';
import type { SimEvent } from '../../src/core/types.js';

const lateWrite = findShippedScenario('late-write')!;

describe('tokens', () => {
  it('compare lexicographically', () => {
    expect(compareTokens([0, 5], [1, 1])).toBeLessThan(0);
    expect(compareTokens([1, 2], [1, 2])).toBe(0);
    expect(compareTokens([1, 3], [1, 2])).toBeGreaterThan(0);
    expect(maxToken(null, [0, 1])).toEqual([0, 1]);
    expect(maxToken([1, 0], [0, 9])).toEqual([1, 0]);
    expect(tokensEqual(null, null)).toBe(true);
    expect(tokensEqual([0, 1], null)).toBe(false);
  });

  it('display as the counter while the epoch is 0, epoch:counter after, integers as is', () => {
    expect(formatToken([0, 7])).toBe('7');
    expect(formatToken([1, 5])).toBe('1:5');
    expect(formatToken(42)).toBe('42');
    expect(formatToken(null)).toBe('–');
    expect(formatToken(null, true)).toBe('-');
    expect(tokenPairText([1, 5])).toBe('[1, 5]');
    expect(tokenPairText(null)).toBe('null');
  });
});

describe('narration', () => {
  const run = simulate(lateWrite);

  it('one sentence per tick, joining the events of a tick', () => {
    const ticks = narrateTicks(run);
    expect(ticks.find((x) => x.t === 11)?.text).toBe("t=11: A's lease ends while A is paused; B is granted the lock with token 2.");
    expect(ticks.find((x) => x.t === 31)?.text).toBe('t=31: A resumes; A sends "1" with token 1; the sink rejects A\'s "1": token 1 is below its mark 2.');
  });

  it('one sentence per event', () => {
    const events = narrateEvents(run);
    expect(events).toHaveLength(run.events.length);
    expect(events[0]!.text).toBe('t=0: A is granted the lock with token 1.');
    for (const e of events) expect(e.text).toMatch(/^t=\d+: [A-Z].*\.$/);
  });

  it('has a sentence for every event kind', () => {
    const kinds: SimEvent[] = [
      { t: 1, kind: 'deny', actor: 'B', holder: 'A' },
      { t: 1, kind: 'release', actor: 'A' },
      { t: 1, kind: 'release-ignored', actor: 'A' },
      { t: 1, kind: 'pause', actor: 'A', for: 3 },
      { t: 1, kind: 'resume', actor: 'A', auto: true },
      { t: 1, kind: 'send', actor: 'A', value: 'v', token: null, arrivesAt: 4 },
      { t: 1, kind: 'accept', actor: 'A', value: 'v', token: [0, 1], hwm: null, reason: 'plain', stale: true },
      { t: 1, kind: 'reject', actor: 'A', value: 'v', token: null, hwm: null },
      { t: 1, kind: 'check-pass', actor: 'A', value: 'v', token: [0, 1], hwm: [0, 1] },
      { t: 1, kind: 'apply', actor: 'A', value: 'v', token: [0, 1], hwm: [0, 2], stale: true },
      { t: 1, kind: 'failover', actor: 'coordinator', minting: 'volatile' },
      { t: 1, kind: 'failover', actor: 'coordinator', minting: 'durable' },
      { t: 1, kind: 'sink-restart', actor: 'sink', durable: false },
      { t: 1, kind: 'sink-restart', actor: 'sink', durable: true },
    ];
    const texts = kinds.map((e) => narrateEvent(e));
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts[5]).toContain('with no token');
    expect(texts[5]).toContain('delivers it at t=4');
    expect(texts[6]).toContain('stale acceptance');
    expect(eventClause({ t: 0, kind: 'expire', actor: 'A' })).toBe("A's lease ends");
  });

  it('values are sanitised for the terminal', () => {
    expect(narrateEvent({ t: 0, kind: 'send', actor: 'A', value: '\u001b[2Jboom', token: [0, 1] })).toBe('t=0: A sends "boom" with token 1.');
  });

  it('an outcome sentence for a run', () => {
    expect(narrateOutcome(run)).toBe('The sink ends at "100" (from B); 1 write rejected; no stale acceptance.');
    expect(narrateOutcome(simulate(lateWrite, { fencing: false }))).toBe(
      'The sink ends at "1" (from A); 1 stale acceptance: A\'s "1" with token 1 landed after a higher token.',
    );
  });

  it('a comparison sentence between two configs', () => {
    const off = simulate(lateWrite, { fencing: false });
    expect(narrateComparison(run, off, 'fencing off')).toBe('fencing off: A\'s late write overwrote B\'s: lost update; the sink ends at "1" instead of "100".');
    expect(narrateComparison(off, run, 'fencing on')).toBe('fencing on: A\'s stale write is no longer accepted; the sink ends at "100" instead of "1".');
    expect(narrateComparison(run, simulate(lateWrite, { check: 'split' }), 'check split')).toBe(
      'check split: the sink still ends at "100", no stale acceptance.',
    );
    expect(narrateComparison(run, simulate(lateWrite, { minting: 'volatile' }), 'minting volatile', 'no failover in this run, so minting cannot matter')).toBe(
      'minting volatile: no failover in this run, so minting cannot matter; the sink still ends at "100", no stale acceptance.',
    );
    expect(narrateComparison(run, simulate(lateWrite, { ttl: 31 }), 'lease 31 ticks', "the lease now outlasts A's pause, so B never gets the lock")).toBe(
      'lease 31 ticks: the lease now outlasts A\'s pause, so B never gets the lock; the sink ends at "1" instead of "100".',
    );
    const amnesia = findShippedScenario('amnesia')!;
    expect(narrateComparison(simulate(amnesia), simulate(amnesia, { minting: 'volatile' }), 'minting volatile')).toBe(
      'minting volatile: the sink still ends at "A2", 1 stale acceptance.',
    );
  });

  it('narrates every shipped scenario under every toggle without throwing', () => {
    for (const s of listShippedScenarios())
      for (const fencing of [true, false])
        for (const check of ['atomic', 'split'] as const) {
          const r = simulate(s, { fencing, check });
          expect(narrateTicks(r).length).toBeGreaterThan(0);
          expect(narrateOutcome(r)).toMatch(/^The sink ends at/);
        }
  });
});

describe('narrateComparison names the writer whose value the sink ends at (issue 33)', () => {
  const write = (actor: string, value: string, token: number, arrivedAt: number, stale: boolean) =>
    ({ actor, value, token: [0, token] as const, sentAt: arrivedAt, arrivedAt, result: 'accepted', hwmBefore: null, stale, sendIndex: arrivedAt }) as const;
  it('two stale writes, F first and E last: the sentence is about E, whose value is left', () => {
    const writes = [write('G', 'G-1', 7, 1, false), write('F', 'F-4', 5, 2, true), write('E', 'E-4', 4, 3, true)];
    const before = { writes: [writes[0]], final: { value: 'G-1' }, staleAcceptances: 0 } as never;
    const after = { writes, final: { value: 'E-4' }, staleAcceptances: 2 } as never;
    const line = narrateComparison(before, after, 'fencing off');
    expect(line).toMatch(/^fencing off: E's late write overwrote/);
    expect(line).toContain('the sink ends at "E-4" instead of "G-1"');
  });
});
