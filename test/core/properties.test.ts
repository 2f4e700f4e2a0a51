import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/core/engine.js';
import { explore, exploreRun } from '../../src/core/explorer.js';
import { compareTokens } from '../../src/core/token.js';
import type { EventKind } from '../../src/core/types.js';
import { config, scenarioArb } from './arbitraries.js';
import { bruteForce, replay } from './brute-force.js';
import { memoisedCount } from './memoised-count.js';

const KINDS: EventKind[] = [
  'grant',
  'wait',
  'deny',
  'release',
  'release-ignored',
  'expire',
  'pause',
  'resume',
  'send',
  'accept',
  'reject',
  'check-pass',
  'apply',
  'failover',
  'sink-restart',
];

describe('engine properties (random scenarios)', () => {
  it('an atomic fenced sink with a durable mark never has a stale acceptance', () => {
    const atomicFenced = config.map((c) => ({ ...c, fencing: true, check: 'atomic' as const }));
    fc.assert(
      fc.property(scenarioArb({ durableSink: true, config: atomicFenced }), (s) => {
        const r = simulate(s);
        expect(r.staleAcceptances).toBe(0);
        expect(r.writes.every((w) => !w.stale)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('runs are deterministic, end, and report consistent grants, writes and events', () => {
    fc.assert(
      fc.property(scenarioArb(), (s) => {
        const r = simulate(s);
        expect(simulate(s)).toEqual(r);
        expect(r.endTick).toBeGreaterThanOrEqual(Math.max(...s.steps.map((x) => x.at)));
        for (const e of r.events) expect(KINDS).toContain(e.kind);
        for (let i = 1; i < r.events.length; i++) expect(r.events[i]!.t).toBeGreaterThanOrEqual(r.events[i - 1]!.t);
        expect(r.grants).toHaveLength(r.events.filter((e) => e.kind === 'grant').length);
        expect(r.staleAcceptances).toBe(r.writes.filter((w) => w.stale).length);
        // Every sent write reached the sink (the run waits for deliveries).
        expect(r.writes).toHaveLength(r.events.filter((e) => e.kind === 'send').length);
        if (!r.config.fencing) expect(r.final.hwm).toBeNull();
        if (r.config.minting === 'durable') {
          for (let i = 1; i < r.grants.length; i++) expect(compareTokens(r.grants[i]!.token, r.grants[i - 1]!.token)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('explorer properties (random scenarios)', () => {
  const small = scenarioArb({ maxSteps: 12 }).filter((s) => simulate(s).writes.length <= 7);

  it('counts equal a brute-force enumeration of every interleaving', () => {
    fc.assert(
      fc.property(small, (s) => {
        const run = simulate(s);
        const x = exploreRun(run);
        const b = bruteForce(run);
        expect(x.orderings).toBe(b.orderings);
        expect(x.finalValues).toEqual(b.finalValues);
        expect(x.orderingsWithStaleAcceptance).toBe(b.stale);
        expect(x.counterexample === null).toBe(b.stale === 0n);
      }),
      { numRuns: 300 },
    );
  });

  it('a counterexample, replayed, really violates', () => {
    fc.assert(
      fc.property(small, (s) => {
        const run = simulate(s);
        const x = exploreRun(run);
        if (x.counterexample) {
          expect(replay(run, x.counterexample)).toBe(true);
          expect(x.counterexample.filter((o) => o.stale).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('on larger runs, counts equal the memoised model and the counterexample violates', () => {
    fc.assert(
      fc.property(scenarioArb({ maxSteps: 24 }), (s) => {
        const run = simulate(s);
        const { counterexample, ...counts } = exploreRun(run);
        const model = memoisedCount(run);
        expect([counts.orderings, counts.finalValues, counts.orderingsWithStaleAcceptance]).toEqual([model.orderings, model.finalValues, model.stale]);
        expect(counterexample === null).toBe(model.stale === 0n);
        if (counterexample) expect(replay(run, counterexample)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('explore(scenario, overrides) equals exploring the timed run under those overrides', () => {
    fc.assert(
      fc.property(small, fc.boolean(), fc.constantFrom('atomic' as const, 'split' as const), (s, fencing, check) => {
        expect(explore(s, { fencing, check })).toEqual(exploreRun(simulate(s, { fencing, check })));
      }),
      { numRuns: 100 },
    );
  });
});
