/**
 * The restore experiment's epoch tokens: packing keeps the simulator's
 * order (epoch first, then revision), round-trips, refuses what it cannot
 * keep in order; the epoch file is read, raised atomically, and a bad one
 * is an error rather than epoch 0. And the flags: failover/restore imply etcd.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTokens } from '../../src/core/token.js';
import { parseLabFlags } from '../../src/lab/lab-options.js';
import { packEpochToken, raiseEpoch, readEpoch, unpackEpochToken } from '../../src/lab/tokens/epoch-token.js';

describe('epoch tokens', () => {
  const pairs: [number, number][] = [
    [0, 1],
    [0, 4],
    [0, 6],
    [1, 4],
    [1, 5],
    [2, 0],
    [0, 2 ** 32 - 1],
    [7, 123_456],
  ];

  it('packed integer order is the pair order, and unpacking gives the pair back', () => {
    for (const a of pairs) {
      expect(unpackEpochToken(packEpochToken(a[0], a[1]))).toEqual(a);
      for (const b of pairs) {
        expect(Math.sign(packEpochToken(a[0], a[1]) - packEpochToken(b[0], b[1]))).toBe(Math.sign(compareTokens(a, b)));
      }
    }
  });

  it('the restore case: D at [1, 4] beats C at [0, 6], though 4 < 6', () => {
    expect(packEpochToken(1, 4)).toBeGreaterThan(packEpochToken(0, 6));
    expect(packEpochToken(0, 4)).toBe(4);
  });

  it('refuses a revision or epoch that would break the order', () => {
    expect(() => packEpochToken(0, 2 ** 32)).toThrow(RangeError);
    expect(() => packEpochToken(-1, 3)).toThrow(RangeError);
    expect(() => packEpochToken(2 ** 21, 3)).toThrow(RangeError);
    expect(() => packEpochToken(0, 1.5)).toThrow(RangeError);
  });

  it('the epoch file: missing is 0, raised atomically, garbage is an error naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-epoch-'));
    const file = join(dir, 'epoch');
    expect(readEpoch(file)).toBe(0);
    expect(raiseEpoch(file)).toBe(1);
    expect(raiseEpoch(file)).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('2\n');
    writeFileSync(file, 'two\n');
    expect(() => readEpoch(file)).toThrow(`${file}: not an epoch`);
  });
});

describe('lab flags for the experiments that start their own etcd', () => {
  it('failover and restore imply etcd', () => {
    expect(parseLabFlags({ experiment: 'failover' }).options.coordinator).toBe('etcd');
    expect(parseLabFlags({ experiment: 'restore' }).options.coordinator).toBe('etcd');
    expect(parseLabFlags({ experiment: 'late-write' }).options.coordinator).toBe('embedded');
  });

  it('refuses --coordinator embedded and --etcd-endpoints for them', () => {
    expect(() => parseLabFlags({ experiment: 'failover', coordinator: 'embedded' })).toThrow(/leave out --coordinator embedded/);
    expect(() => parseLabFlags({ experiment: 'restore', coordinator: 'etcd', etcdEndpoints: 'http://127.0.0.1:2379' })).toThrow(/leave out --etcd-endpoints/);
  });
});
