/**
 * Issue 16: "Changed by" says why, derived from the engine's two runs, and
 * never only "the same outcome".
 */
import { describe, expect, it } from 'vitest';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { changeReason, sameOutcome } from '../../src/core/change-reason.js';
import { simulate } from '../../src/core/engine.js';
import type { ConfigOverrides } from '../../src/core/types.js';

const run = (id: string, overrides: ConfigOverrides = {}) => simulate(findShippedScenario(id)!, overrides);

describe('why a toggle changed the run, or did not', () => {
  it('minting without a failover cannot matter', () => {
    expect(changeReason(run('late-write'), run('late-write', { minting: 'volatile' }), 'minting')).toBe('no failover in this run, so minting cannot matter');
  });

  it('minting with a failover: the changed outcome explains itself (no extra reason)', () => {
    const before = run('allocator-failover');
    const after = run('allocator-failover', { minting: before.config.minting === 'durable' ? 'volatile' : 'durable' });
    expect(sameOutcome(before, after)).toBe(false);
    expect(changeReason(before, after, 'minting')).toBeNull();
  });

  it('a lease that outlasts the pause: the other actor never gets the lock', () => {
    expect(changeReason(run('late-write'), run('late-write', { ttl: 31 }), 'ttl')).toBe("the lease now outlasts A's pause, so B never gets the lock");
  });

  it('a lease that ends during the pause again: the other actor gets the lock', () => {
    expect(changeReason(run('late-write', { ttl: 31 }), run('late-write'), 'ttl')).toBe("the lease now ends during A's pause, so B gets the lock");
  });

  it('a lease that moves the hand-over but not the holders says so', () => {
    expect(changeReason(run('late-write'), run('late-write', { ttl: 20 }), 'ttl')).toBe(
      'the lock changes hands at other moments, but the same actors hold it in the same order',
    );
  });

  it('a split check with no write between a check and its apply changes nothing, and says why', () => {
    expect(changeReason(run('late-write'), run('late-write', { check: 'split' }), 'check')).toMatch(
      /^no write reaches the sink between another write's check and its apply/,
    );
  });

  it('a split check with fencing off: nothing is checked', () => {
    expect(changeReason(run('late-write', { fencing: false }), run('late-write', { fencing: false, check: 'split' }), 'check')).toBe(
      'fencing is off, so the sink checks nothing it could split',
    );
  });

  it('fencing with no write behind a newer token has nothing to reject', () => {
    expect(changeReason(run('early-stale'), run('early-stale', { fencing: false }), 'fencing')).toBe(
      'no write arrives behind a newer token, so there is nothing for fencing to reject',
    );
  });
});
