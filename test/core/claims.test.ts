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
