import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

const SHIPPED = ['late-write', 'book-timeline', 'allocator-failover', 'split-race', 'early-stale', 'delayed-network', 'amnesia'];

describe('fence-tutor scenarios', () => {
  it('--json lists the seven shipped scenarios with id, title and summary', async () => {
    const r = await run(['scenarios', '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.scenarios.map((s: { id: string }) => s.id)).toEqual(SHIPPED);
    for (const s of json.scenarios) {
      expect(typeof s.title).toBe('string');
      expect(s.title.length).toBeGreaterThan(0);
      expect(typeof s.summary).toBe('string');
      expect(s.summary.length).toBeGreaterThan(0);
    }
  });

  it('prints a plain list without a TTY', async () => {
    const r = await run(['scenarios']);
    expect(r.status).toBe(0);
    for (const id of SHIPPED) expect(r.stdout).toContain(id);
  });

  it('--help shows an example', async () => {
    expect((await run(['scenarios', '--help'])).stdout).toContain('$ fence-tutor scenarios --json');
  });
});
