/**
 * checkClaims: each field of a claim is compared with the engine, under the
 * block's toggles and the claim's own `with`, and every disagreement is
 * listed with what the claim says and what the engine gives.
 */
import { describe, expect, it } from 'vitest';
import { checkClaims, togglesText } from '../../src/core/claims.js';
import { findShippedScenario, loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { SPEC_LATE_WRITE, scenario } from './helpers.js';

const lateWrite = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');

describe('checkClaims on the timed run', () => {
  it('accepts claims that match the engine, with and without overrides', () => {
    expect(
      checkClaims(lateWrite, { fencing: false }, [
        { final: '1', staleAcceptances: 1, rejected: [], accepted: ['B', 'A'] },
        { with: { fencing: true }, final: '100', staleAcceptances: 0, rejected: ['A'] },
      ]),
    ).toEqual([]);
  });

  it('lists each field the engine contradicts, with both sides', () => {
    const mismatches = checkClaims(lateWrite, {}, [{ final: '1', staleAcceptances: 1, rejected: [], accepted: ['B'] }]);
    expect(mismatches).toEqual([
      { claim: 0, field: 'final', claimed: '"1"', actual: '"100"' },
      { claim: 0, field: 'staleAcceptances', claimed: '1', actual: '0' },
      { claim: 0, field: 'rejected', claimed: '[]', actual: '[A]' },
      { claim: 0, field: 'accepted', claimed: '[B]', actual: '[A, B]' },
    ]);
  });

  it("applies the claim's toggles on top of the block's", () => {
    // The block says fencing off; the second claim turns it on, and must see A rejected.
    const mismatches = checkClaims(lateWrite, { fencing: false }, [{}, { with: { fencing: true }, rejected: [] }]);
    expect(mismatches).toEqual([{ claim: 1, field: 'rejected', claimed: '[]', actual: '[A]' }]);
  });

  it('reads a null final as "no value"', () => {
    const never = scenario('- { at: 0, actor: A, do: acquire }');
    expect(checkClaims(never, {}, [{ final: null }])).toEqual([]);
    expect(checkClaims(never, {}, [{ final: '1' }])[0]?.actual).toBe('null (no value)');
  });

  it('a TTL override changes the run', () => {
    // A's pause lasts 29 ticks: a 40-tick lease outlives it, so A keeps the lock and B never writes.
    expect(checkClaims(lateWrite, { fencing: false }, [{ with: { ttl: 40 }, staleAcceptances: 0, final: '1', accepted: ['A'] }])).toEqual([]);
    expect(checkClaims(lateWrite, { fencing: false }, [{ with: { ttl: 25 }, staleAcceptances: 0 }])).toHaveLength(1);
  });
});

describe('checkClaims on grants', () => {
  const failover = findShippedScenario('allocator-failover')!;

  it("compares each named actor's grants, in order, by tick and display token", () => {
    // late-write: A is granted token 1 at 0; B waits from 3 and is granted token 2 at 11, when A's lease ends.
    expect(checkClaims(lateWrite, {}, [{ grants: { A: [{ at: 0, token: '1' }], B: [{ at: 11, token: '2' }] } }])).toEqual([]);
    expect(checkClaims(lateWrite, {}, [{ grants: { B: [{ at: 10 }] } }])).toEqual([
      { claim: 0, field: 'grants.B', claimed: 'at tick 10', actual: 'token 2 at tick 11' },
    ]);
    // Durable minting carries the counter across the failover: C's token shows as epoch:counter.
    expect(checkClaims(failover, {}, [{ grants: { A: [{ token: '1' }, { token: '3' }], C: [{ at: 28, token: '1:5' }] } }])).toEqual([]);
    expect(checkClaims(failover, { minting: 'volatile' }, [{ grants: { C: [{ token: '1:5' }] } }])[0]).toEqual({
      claim: 0,
      field: 'grants.C',
      claimed: 'token 1:5',
      actual: 'token 1 at tick 28',
    });
  });

  it('compares the final mark in its display form; null is no mark', () => {
    const split = findShippedScenario('split-race')!;
    // The stale apply lands last and sets the mark back down to A's token.
    expect(checkClaims(split, {}, [{ mark: '1' }, { with: { check: 'atomic' }, mark: '2' }, { with: { fencing: false }, mark: null }])).toEqual([]);
    expect(checkClaims(split, {}, [{ mark: '2' }])).toEqual([{ claim: 0, field: 'mark', claimed: '2', actual: '1' }]);
    expect(checkClaims(failover, {}, [{ mark: '1:5' }, { with: { fencing: false }, mark: '4' }])).toEqual([
      { claim: 1, field: 'mark', claimed: '4', actual: 'no mark' },
    ]);
  });

  it('counts the grants exactly, and an actor never granted has none', () => {
    expect(checkClaims(failover, {}, [{ grants: { A: [{ token: '1' }] } }])[0]?.actual).toBe('token 1 at tick 0, token 3 at tick 11');
    expect(checkClaims(lateWrite, {}, [{ grants: { Z: [{ at: 1 }] } }])[0]?.actual).toBe('no grant');
    expect(checkClaims(lateWrite, {}, [{ grants: { Z: [] } }])).toEqual([]);
  });
});

describe('checkClaims on writes', () => {
  const failover = findShippedScenario('allocator-failover')!;

  it("compares each named actor's writes in the order sent: send tick, arrival, result, staleness", () => {
    // A's retry at 2 passes on an equal token; its copy sent at 3 arrives at 9, after B's token 2, and fails.
    const a = [
      { sent: 1, result: 'accepted' as const },
      { sent: 2, result: 'accepted' as const },
      { sent: 3, arrives: 9, result: 'rejected' as const },
      { sent: 25, result: 'rejected' as const },
    ];
    expect(checkClaims(failover, {}, [{ writes: { A: a } }])).toEqual([]);
    expect(checkClaims(lateWrite, { fencing: false }, [{ writes: { A: [{}, { sent: 31, result: 'accepted', stale: true }] } }])).toEqual([]);
    expect(checkClaims(lateWrite, {}, [{ writes: { A: [{}, { sent: 31, result: 'accepted' }] } }])).toEqual([
      { claim: 0, field: 'writes.A', claimed: 'a write; sent at 31, accepted', actual: 'sent at 1, accepted; sent at 31, rejected' },
    ]);
  });

  it('counts the writes exactly', () => {
    const [m] = checkClaims(failover, {}, [{ writes: { C: [{ result: 'accepted' }, { result: 'accepted' }] } }]);
    expect(m?.field).toBe('writes.C');
    expect(m?.actual).toBe('sent at 29, accepted');
    expect(checkClaims(failover, {}, [{ writes: { Z: [] } }])).toEqual([]);
  });
});

describe('checkClaims on the explorer', () => {
  it('compares counts exactly, and some / none / every by meaning', () => {
    const split = { check: 'split' as const };
    expect(checkClaims(lateWrite, split, [{ explore: { orderings: 15, stale: 6, finalValues: { '100': 9, '1': 6 } } }])).toEqual([]);
    expect(checkClaims(lateWrite, split, [{ explore: { stale: 'some' } }])).toEqual([]);
    expect(checkClaims(lateWrite, {}, [{ explore: { orderings: 3, stale: 'none' } }])).toEqual([]);
    expect(checkClaims(lateWrite, split, [{ explore: { orderings: 14, stale: 'every', finalValues: { '100': 15 } } }])).toEqual([
      { claim: 0, field: 'explore.orderings', claimed: '14', actual: '15' },
      { claim: 0, field: 'explore.stale', claimed: 'every', actual: '6 of 15 (some)' },
      { claim: 0, field: 'explore.finalValues', claimed: '{"100": 15}', actual: '{"1": 6, "100": 9}' },
    ]);
    expect(checkClaims(lateWrite, {}, [{ explore: { stale: 'some' } }])[0]?.actual).toBe('0 of 3 (none)');
  });

  it('refuses an explore claim on a scenario with a failover, saying why', () => {
    const failover = findShippedScenario('allocator-failover');
    expect(failover).toBeDefined();
    const [m] = checkClaims(failover!, {}, [{ explore: { stale: 'none' } }]);
    expect(m?.field).toBe('explore');
    expect(m?.actual).toMatch(/failover step/);
  });
});

describe('togglesText', () => {
  it('names the toggles as a block writes them', () => {
    expect(togglesText({ fencing: false, check: 'split', ttl: 5, minting: 'volatile' })).toBe('fencing off, minting volatile, check split, ttl 5');
    expect(togglesText({})).toBe('the scenario as written');
  });
});
