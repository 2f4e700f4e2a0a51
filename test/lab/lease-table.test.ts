import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRevision, statePaths, writeRevision } from '../../src/lab/coordinator/coordinator-state.js';
import { LeaseTable } from '../../src/lab/coordinator/lease-table.js';

function table(start = 0) {
  let now = 0;
  const persisted: number[] = [];
  const t = new LeaseTable(
    start,
    () => now,
    (r) => persisted.push(r),
  );
  return { t, persisted, advance: (ms: number) => (now += ms) };
}

describe('the embedded coordinator lease table', () => {
  it('creates the lock only if absent; the token is the revision at creation', () => {
    const { t } = table(10);
    const a = t.grant(2000);
    const b = t.grant(2000);
    expect(t.acquire('k', a.id)).toEqual({ acquired: true, token: 11, revision: 11 });
    const second = t.acquire('k', b.id);
    expect(second.acquired).toBe(false);
    expect(t.lookup('k')?.createRevision).toBe(11);
  });

  it('ends a lease ttl after its last renewal and deletes its key (a new revision)', () => {
    const { t, advance } = table();
    const a = t.grant(1000);
    t.acquire('k', a.id);
    advance(900);
    expect(t.keepAlive(a.id)).toBeDefined();
    advance(900);
    expect(t.lookup('k')).toBeDefined();
    advance(100);
    expect(t.lookup('k')).toBeUndefined();
    expect(t.currentRevision()).toBe(2);
    expect(t.keepAlive(a.id)).toBeUndefined();
  });

  it('gives the next holder a higher token and persists every revision before answering', () => {
    const { t, advance, persisted } = table(40);
    const a = t.grant(500);
    const first = t.acquire('k', a.id);
    advance(500);
    const b = t.grant(500);
    const second = t.acquire('k', b.id);
    expect(first.acquired && second.acquired).toBe(true);
    if (first.acquired && second.acquired) expect(second.token).toBeGreaterThan(first.token);
    expect(persisted).toEqual([41, 42, 43]);
  });

  it('refuses a lock for a lease that is gone, and deletes by prefix', () => {
    const { t } = table();
    expect(t.acquire('k', 'nope')).toMatchObject({ acquired: false, reason: 'no-lease' });
    const a = t.grant(1000);
    t.acquire('/run/1/lock', a.id);
    t.acquire('/other', a.id);
    expect(t.deletePrefix('/run/1/')).toBe(1);
    expect(t.lookup('/run/1/lock')).toBeUndefined();
    expect(t.lookup('/other')).toBeDefined();
  });

  it('keeps the revision on disk across restarts, and sets a corrupt file aside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-coord-'));
    const { state } = statePaths(dir);
    expect(readRevision(state)).toBe(0);
    writeRevision(state, 17);
    expect(readRevision(state)).toBe(17);
    writeFileSync(state, '{not json');
    const warn = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(readRevision(state)).toBe(0);
    } finally {
      process.stderr.write = warn;
    }
  });
});
