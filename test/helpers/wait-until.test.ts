import { describe, expect, it } from 'vitest';
import { waitUntil } from './wait-until.js';

describe('waitUntil', () => {
  it('resolves with the first truthy value, as soon as there is one', async () => {
    let calls = 0;
    expect(await waitUntil(() => (++calls >= 3 ? `after ${calls}` : null), { every: 1 })).toBe('after 3');
  });

  it('fails after the timeout, naming what it waited for', async () => {
    await expect(waitUntil(() => false, { timeout: 30, every: 5, what: 'A to stop' })).rejects.toThrow('timed out after 30 ms waiting for A to stop');
  });
});
