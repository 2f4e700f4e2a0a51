import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { simToJson } from '../../src/core/sim-json.js';
import { SPEC_LATE_WRITE } from './helpers.js';

const lateWrite = loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');

describe('spec section 4: the late-write run', () => {
  const json = JSON.parse(JSON.stringify(simToJson(simulate(lateWrite))));

  it('has the spec config', () => {
    expect(json.scenario).toBe('late-write');
    expect(json.config).toEqual({
      ttl: 10,
      keepalive: true,
      fencing: true,
      minting: 'durable',
      check: 'atomic',
      splitGap: 1,
      initial: null,
    });
  });

  it('grants A [0,1] at 0 and B [0,2] at 11', () => {
    expect(json.grants).toEqual([
      { t: 0, actor: 'A', token: [0, 1] },
      { t: 11, actor: 'B', token: [0, 2] },
    ]);
  });

  it('decides the three writes as the spec says', () => {
    const pick = (w: Record<string, unknown>) => ({
      actor: w.actor,
      value: w.value,
      token: w.token,
      sentAt: w.sentAt,
      arrivedAt: w.arrivedAt,
      result: w.result,
      hwmBefore: w.hwmBefore,
    });
    expect(json.writes.map(pick)).toEqual([
      { actor: 'A', value: '0', token: [0, 1], sentAt: 1, arrivedAt: 1, result: 'accepted', hwmBefore: null },
      { actor: 'B', value: '100', token: [0, 2], sentAt: 14, arrivedAt: 14, result: 'accepted', hwmBefore: [0, 1] },
      { actor: 'A', value: '1', token: [0, 1], sentAt: 31, arrivedAt: 31, result: 'rejected', hwmBefore: [0, 2] },
    ]);
  });

  it('ends at "100" with mark [0,2] and no stale acceptance', () => {
    expect(json.final).toEqual({ value: '100', hwm: [0, 2] });
    expect(json.staleAcceptances).toBe(0);
  });

  it('lists events with t, kind and actor, of the spec kinds only', () => {
    const kinds = new Set([
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
    ]);
    for (const e of json.events) {
      expect(typeof e.t).toBe('number');
      expect(kinds.has(e.kind)).toBe(true);
      expect(typeof e.actor).toBe('string');
    }
    expect(json.events.map((e: { t: number; kind: string; actor: string }) => `${e.t} ${e.kind} ${e.actor}`)).toEqual([
      '0 grant A',
      '1 send A',
      '1 accept A',
      '2 pause A',
      '3 wait B',
      '11 expire A',
      '11 grant B',
      '14 send B',
      '14 accept B',
      '31 resume A',
      '31 send A',
      '31 reject A',
    ]);
  });

  it('with fencing off, A overwrites B: a stale acceptance, hwm null', () => {
    const r = simulate(lateWrite, { fencing: false });
    expect(r.final).toEqual({ value: '1', hwm: null });
    expect(r.staleAcceptances).toBe(1);
    expect(r.writes.map((w) => w.result)).toEqual(['accepted', 'accepted', 'accepted']);
  });

  it('is deterministic', () => {
    expect(simulate(lateWrite)).toEqual(simulate(lateWrite));
  });
});
