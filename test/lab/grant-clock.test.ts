/**
 * The observed expiry wait starts when the grant request leaves (issue 33):
 * the coordinator applies the TTL somewhere inside the request's round trip,
 * so a start taken from the answer could make the wait look shorter than the
 * TTL ("ran out after 1996 ms" for 2000 ms).
 */
import { describe, expect, it } from 'vitest';
import { grantTimed } from '../../src/lab/worker/grant-clock.js';

describe('grantTimed', () => {
  it('takes the time before the request is sent, not when its answer comes', async () => {
    let clock = 1000;
    let appliedAt = Number.NaN;
    const grant = async () => {
      clock += 3; // the request travels
      appliedAt = clock; // the coordinator starts the TTL here
      clock += 4; // the answer travels back
      return { leaseId: 'l', ttlMs: 2000 };
    };
    const { lease, requestedAt } = await grantTimed(grant, () => clock);
    expect(lease.leaseId).toBe('l');
    expect(requestedAt).toBe(1000);
    // So an expiry seen at appliedAt + TTL is never measured as less than the TTL.
    expect(appliedAt + 2000 - requestedAt).toBeGreaterThanOrEqual(2000);
  });
});
