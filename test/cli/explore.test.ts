import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli as run } from './cli-run.js';

beforeAll(ensureBuilt, 120_000);

describe('fence-tutor explore', () => {
  it('--json: split late-write is 15 / {"100":9,"1":6} / 6 with a counterexample', () => {
    const r = run(['explore', '--scenario', 'late-write', '--check', 'split', '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.scenario).toBe('late-write');
    expect(json.config.check).toBe('split');
    expect(json.orderings).toBe(15);
    expect(json.finalValues).toEqual({ '100': 9, '1': 6 });
    expect(json.orderingsWithStaleAcceptance).toBe(6);
    expect(json.counterexample.some((o: { stale?: boolean }) => o.stale === true)).toBe(true);
  });

  it('--json: atomic 3 / all "100" / 0 / null; fencing off 3 / 2 "1" / 2', () => {
    const a = JSON.parse(run(['explore', '--scenario', 'late-write', '--json']).stdout);
    expect([a.orderings, a.finalValues, a.orderingsWithStaleAcceptance, a.counterexample]).toEqual([3, { '100': 3 }, 0, null]);
    const off = JSON.parse(run(['explore', '--scenario', 'late-write', '--fencing', 'off', '--json']).stdout);
    expect([off.orderings, off.finalValues['1'], off.orderingsWithStaleAcceptance]).toEqual([3, 2, 2]);
  });

  it('prints a readable summary with the counterexample as a timeline without a TTY', () => {
    const r = run(['explore', '--scenario', 'late-write', '--check', 'split']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("15 orderings of the sink's operations; 6 of them accept a stale write (40%).");
    expect(r.stdout).toContain('one ordering that goes wrong');
    expect(r.stdout).toMatch(/^sink .*stale!/m);
  });

  it('says so when nothing goes wrong', () => {
    const r = run(['explore', '--scenario', 'late-write', '--plain']);
    expect(r.stdout).toContain('none of them accepts a stale write');
  });

  it.each([
    [['explore', '--scenario', 'late-write', '--check', 'both'], /--check.*atomic, split/],
    [['explore'], /--scenario ID/],
    [['explore', '--scenario', 'x', '--scenario-file', 'y'], /not both/],
  ])('refuses %j with exit 2', (args, message) => {
    const r = run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('--help shows an example', () => {
    expect(run(['explore', '--help']).stdout).toContain('$ fence-tutor explore --scenario late-write --check split');
  });
});
