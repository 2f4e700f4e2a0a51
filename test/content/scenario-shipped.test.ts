import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findShippedScenario, listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { SHIPPED_ORDER } from '../../src/content/scenario/scenario-validate.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { SPEC_LATE_WRITE } from '../core/helpers.js';

const get = (id: string) => findShippedScenario(id)!;

describe('shipped scenarios', () => {
  const all = listShippedScenarios();

  it('are the seven of the issue, in curriculum order, each with a title and a one-line summary', () => {
    expect(all.map((s) => s.id)).toEqual(SHIPPED_ORDER);
    for (const s of all) {
      expect(s.title?.length).toBeGreaterThan(0);
      expect(s.summary?.length).toBeGreaterThan(0);
      expect(s.summary).not.toContain('\n');
      expect(basename(s.origin!.file)).toBe(`${s.id}.yaml`);
    }
  });

  it.each(SHIPPED_ORDER)('%s loads and runs under every toggle, sim and explore', (id) => {
    const s = get(id);
    for (const fencing of [true, false])
      for (const minting of ['durable', 'volatile'] as const)
        for (const check of ['atomic', 'split'] as const) {
          const r = simulate(s, { fencing, minting, check });
          expect(r.writes.length).toBeGreaterThan(0);
          const x = explore(s, { fencing, minting, check });
          expect(x.orderings).toBeGreaterThan(0n);
        }
  });

  it('late-write is the file of spec section 1, as it is there', () => {
    expect(readFileSync(get('late-write').origin!.file, 'utf8')).toBe(SPEC_LATE_WRITE);
  });

  it('book-timeline: no keepalive, B takes over at 10, A writes at 31 and is rejected', () => {
    const s = get('book-timeline');
    expect(s.config).toMatchObject({ ttl: 10, keepalive: false });
    const r = simulate(s);
    expect(r.grants.map((g) => [g.t, g.actor])).toEqual([
      [0, 'A'],
      [10, 'B'],
    ]);
    expect(r.writes.map((w) => [w.actor, w.value, w.sentAt, w.result])).toEqual([
      ['A', '0', 1, 'accepted'],
      ['B', '100', 10, 'accepted'],
      ['A', '1', 31, 'rejected'],
    ]);
    expect(simulate(s, { fencing: false }).final.value).toBe('1');
  });

  it('split-race: both writes pass their checks before either lands, and the stale one lands last', () => {
    const s = get('split-race');
    expect(s.config.check).toBe('split');
    const r = simulate(s);
    const [b, a] = r.writes.slice(-2);
    expect(b).toMatchObject({ actor: 'B', value: '100', result: 'accepted' });
    expect(a).toMatchObject({ actor: 'A', value: '1', result: 'accepted', stale: true });
    expect(a!.arrivedAt).toBeLessThan(b!.appliedAt!); // in flight at once
    expect(a!.appliedAt!).toBeGreaterThan(b!.appliedAt!);
    expect(r.final.value).toBe('1');
    const atomic = simulate(s, { check: 'atomic' });
    expect(atomic.staleAcceptances).toBe(0);
    expect(atomic.final.value).toBe('100');
  });

  it("early-stale: A's late write is accepted before B ever writes; B's later write still wins", () => {
    const r = simulate(get('early-stale'));
    expect(r.writes.map((w) => [w.actor, w.result, w.hwmBefore])).toEqual([
      ['A', 'accepted', null],
      ['B', 'accepted', [0, 1]],
    ]);
    expect(r.writes[0]!.token).toEqual([0, 1]);
    expect(r.grants[1]!.t).toBeLessThan(r.writes[0]!.arrivedAt); // A's lease was over
    expect(r.final.value).toBe('100');
    expect(r.staleAcceptances).toBe(0);
  });

  it("delayed-network: A's write arrives after the new holder's", () => {
    const s = get('delayed-network');
    const r = simulate(s);
    const a = r.writes.find((w) => w.actor === 'A')!;
    const b = r.writes.find((w) => w.actor === 'B')!;
    expect(a.sentAt).toBeLessThan(b.sentAt);
    expect(a.arrivedAt).toBeGreaterThan(b.arrivedAt);
    expect(a.result).toBe('rejected');
    const off = simulate(s, { fencing: false });
    expect(off.final.value).toBe('1');
    expect(off.staleAcceptances).toBe(1);
  });

  it("amnesia: an earlier holder's delayed write lands last after the sink forgets its mark, whatever the minting", () => {
    const s = get('amnesia');
    expect(s.config).toMatchObject({ minting: 'durable', fencing: true });
    const d = simulate(s);
    expect(d.staleAcceptances).toBe(1);
    expect(d.grants.at(-1)).toMatchObject({ actor: 'C', token: [1, 3] });
    expect(d.writes.at(-1)).toMatchObject({ actor: 'A', value: 'A2', token: [0, 1], result: 'accepted', stale: true, hwmBefore: null });
    expect(d.final.value).toBe('A2');
    // Volatile minting adds a second harm (C, the rightful holder, refused) and removes none.
    const v = simulate(s, { minting: 'volatile' });
    expect(v.staleAcceptances).toBe(1);
    expect(v.writes.find((w) => w.actor === 'C')).toMatchObject({ token: [0, 1], result: 'rejected' });
    expect(v.final.value).toBe('A2');
    // A sink that keeps its mark across the restart refuses A's late write.
    const durableSink = {
      ...s,
      steps: s.steps.map((step) => (step.do === 'sink-restart' ? { ...step, durable: true } : step)),
    };
    const kept = simulate(durableSink);
    expect(kept.staleAcceptances).toBe(0);
    expect(kept.final.value).toBe('C1');
  });

  it('findShippedScenario returns undefined for an unknown or malformed id', () => {
    expect(findShippedScenario('no-such')).toBeUndefined();
    expect(findShippedScenario('../etc/passwd')).toBeUndefined();
  });
});
