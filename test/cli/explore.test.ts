import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lateWritersYaml } from '../../scripts/bench/support/late-writers.mjs';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

describe('fence-tutor explore', () => {
  it('--json: split late-write is 15 / {"100":9,"1":6} / 6 with a counterexample', async () => {
    const r = await run(['explore', '--scenario', 'late-write', '--check', 'split', '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.scenario).toBe('late-write');
    expect(json.config.check).toBe('split');
    expect(json.orderings).toBe(15);
    expect(json.finalValues).toEqual({ '100': 9, '1': 6 });
    expect(json.orderingsWithStaleAcceptance).toBe(6);
    expect(json.counterexample.some((o: { stale?: boolean }) => o.stale === true)).toBe(true);
  });

  it('--json: atomic 3 / all "100" / 0 / null; fencing off 3 / 2 "1" / 2', async () => {
    const a = JSON.parse((await run(['explore', '--scenario', 'late-write', '--json'])).stdout);
    expect([a.orderings, a.finalValues, a.orderingsWithStaleAcceptance, a.counterexample]).toEqual([3, { '100': 3 }, 0, null]);
    const off = JSON.parse((await run(['explore', '--scenario', 'late-write', '--fencing', 'off', '--json'])).stdout);
    expect([off.orderings, off.finalValues['1'], off.orderingsWithStaleAcceptance]).toEqual([3, 2, 2]);
  });

  it('prints a readable summary with the counterexample as a timeline without a TTY', async () => {
    const r = await run(['explore', '--scenario', 'late-write', '--check', 'split']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("15 orderings of the sink's operations; 6 of them accept a stale write (40%).");
    expect(r.stdout).toContain('one ordering that goes wrong');
    expect(r.stdout).toMatch(/^sink .*stale!/m);
    // The stale row says so in the app panel's words, and fits 80 columns (its note ran to 95).
    expect(r.stdout).toMatch(/apply +"1" +token 1 +mark 2 +applied +← stale: 1 after 2$/m);
    for (const line of r.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
  });

  it('says so when nothing goes wrong', async () => {
    const r = await run(['explore', '--scenario', 'late-write', '--plain']);
    expect(r.stdout).toContain('none of them accepts a stale write');
  });

  it.each([
    [['explore', '--scenario', 'late-write', '--check', 'both'], /--check.*atomic, split/],
    [['explore'], /--scenario ID/],
    [['explore', '--scenario', 'x', '--scenario-file', 'y'], /not both/],
  ])('refuses %j with exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('--help shows an example', async () => {
    expect((await run(['explore', '--help'])).stdout).toContain('$ fence-tutor explore --scenario late-write --check split');
  });

  it('refuses a scenario past the state limit before counting: exit 2, the file and the numbers, nothing on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-explore-limit-'));
    try {
      const file = join(dir, 'seven.yaml');
      writeFileSync(file, lateWritersYaml(7, 4));
      const r = await run(['explore', '--scenario-file', file, '--json']);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`--scenario-file ${file}: this scenario is too large to explore: up to 172,186,884 states`);
      expect(r.stderr).toContain("the explorer's limit is 33,554,432");
      expect(r.stderr).toContain('Fix: fewer actors');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--json on 5 actors x 4 writes (counts past 2^53) prints exact integers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-explore-big-'));
    try {
      const file = join(dir, 'five.yaml');
      writeFileSync(file, lateWritersYaml(5, 4));
      const r = await run(['explore', '--scenario-file', file, '--json']);
      expect(r.status).toBe(0);
      const orderings = /"orderings": (\d+)/.exec(r.stdout)?.[1];
      // As the explorer counted it before the level path existed.
      expect(orderings).toBe('4059050417184524442623');
      const finals = [...r.stdout.matchAll(/"[A-E]4": (\d+)/g)].map((m) => BigInt(m[1]!));
      expect(finals.reduce((a, b) => a + b, 0n)).toBe(BigInt(orderings!));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
