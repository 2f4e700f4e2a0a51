/**
 * scripts/compare-table.mjs turns the lab's JSON into the lessons' tables:
 * a ZooKeeper czxid as [epoch,counter] whether the JSON gives the pair or the
 * raw zxid, a Redis random value as none, a sink's end with the statuses that
 * say why, and a system that is not installed as what to install.
 */
import { describe, expect, it } from 'vitest';
import { compareCells, markdownTable, restartCells, sinkCell, tableFor, tokenCell } from '../../scripts/compare-table.mjs';

const plain = { value: 'A-late', bWrite: 200, lateWrite: 200 };
const fenced = { value: 'B-current', bWrite: 200, lateWrite: 409 };

describe('compare-table', () => {
  it('writes a czxid as [epoch,counter], from the pair or from the 64-bit zxid', () => {
    expect(tokenCell('zookeeper', [1, 3])).toBe('[1,3]');
    expect(tokenCell('zookeeper', 0x100000003)).toBe('[1,3]');
    expect(tokenCell('zookeeper', 14)).toBe('[0,14]');
    expect(tokenCell('etcd', 4)).toBe('4');
    expect(tokenCell('redis', null)).toBe('none');
  });

  it("shows B's status only when B was refused too", () => {
    expect(sinkCell(fenced)).toBe('B-current (A 409)');
    expect(sinkCell({ value: null, bWrite: 409, lateWrite: 409 })).toBe('no value (B 409, A 409)');
  });

  it('makes one row per system, and a missing one says what to install', () => {
    const cells = compareCells([
      { coordinator: 'zookeeper', label: 'zookeeper', installed: true, token: 'czxid', tokens: { A: 6, B: 14 }, modes: { plain, fenced }, verdict: 'expected' },
      { coordinator: 'redis', label: 'redis', installed: false, install: 'not installed: apt-get install redis-server', token: 'none' },
    ]);
    expect(cells).toEqual([
      ['zookeeper', '[0,6]', '[0,14]', 'A-late (A 200)', 'B-current (A 409)', 'expected'],
      ['redis', '', '', 'not installed: apt-get install redis-server', '', ''],
    ]);
    expect(markdownTable(['a', 'b'], [['1', '2']])).toEqual(['| a | b |', '| --- | --- |', '| 1 | 2 |']);
  });

  it("makes the restart's rows from each mode's holders in grant order", () => {
    const mode = (tokens: Record<string, number>, late: number, value: string) => ({
      tokens,
      bWrite: { status: 200 },
      lateWrite: { status: late },
      final: { value },
    });
    const result = {
      experiment: 'coordinator-restart',
      modes: { volatile: mode({ A: 1, B: 1 }, 200, 'A-late'), durable: mode({ C: 1, D: 2 }, 409, 'D-current') },
    };
    expect(restartCells(result)).toEqual([
      ['volatile', '1', '1', '200', '200', 'A-late'],
      ['durable', '1', '2', '200', '409', 'D-current'],
    ]);
    expect(tableFor(result)[2]).toBe('| volatile | 1 | 1 | 200 | 200 | A-late |');
  });

  it('refuses JSON that is neither', () => {
    expect(() => tableFor({ experiment: 'late-write', modes: {} })).toThrow(/lab --compare/);
  });
});
