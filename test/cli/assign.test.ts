import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
// Each test spawns several whole processes; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-assign-cli-'));

describe('fence-tutor assign and quiz --assignment', () => {
  it('round trip: the assignment runs exactly as written, seed fixed for everyone', async () => {
    const file = join(dir, 'fixed.json');
    const w = await runCli([
      'assign',
      '--quiz',
      'token-contract',
      '--mode',
      'exam',
      '--seed',
      '5',
      '--count',
      '3',
      '--pass',
      '60',
      '--time-limit',
      '10m',
      '--title',
      'Week 2',
      '--out',
      file,
    ]);
    expect(w.status, w.stderr).toBe(0);
    const a = JSON.parse(readFileSync(file, 'utf8'));
    expect(a).toMatchObject({
      schemaVersion: 1,
      kind: 'assignment',
      quiz: 'token-contract',
      mode: 'exam',
      seed: 5,
      count: 3,
      passMark: 60,
      timeLimitMs: 600_000,
      title: 'Week 2',
    });
    expect(a.questions.length).toBeGreaterThanOrEqual(3);
    const checked = await runCli(['validate', file]);
    expect(checked.status, checked.stderr).toBe(0);
    const sheet = JSON.parse((await runCli(['quiz', '--assignment', file, '--export', 'sheet'])).stdout);
    expect(sheet.seed).toBe(5);
    expect(sheet.questions).toHaveLength(3);
    const keyed = JSON.parse((await runCli(['quiz', '--assignment', file, '--export', 'json'])).stdout).questions;
    const answers = Object.fromEntries(sheet.questions.map((q: { id: string }) => [q.id, keyed.find((k: { id: string }) => k.id === q.id).answer]));
    const af = join(dir, 'a.json');
    writeFileSync(af, JSON.stringify({ answers }));
    const r = await runCli(['quiz', '--assignment', file, '--student', 'Ada', '--answers', af, '--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({
      quiz: 'token-contract',
      contentHash: a.contentHash,
      seed: 5,
      mode: 'exam',
      passMark: 60,
      timeLimitMs: 600_000,
      student: 'Ada',
      score: 100,
      assignment: { file: 'fixed.json', title: 'Week 2' },
    });
    // The same questions as the shipped bank itself would give for this seed.
    const direct = JSON.parse((await runCli(['quiz', '--quiz', 'token-contract', '--export', 'sheet', '--seed', '5', '--count', '3'])).stdout);
    expect(direct.questions).toEqual(sheet.questions);
    expect(direct.contentHash).toBe(a.contentHash);
  });

  it('without --seed each student draws their own, recorded in the report', async () => {
    const file = join(dir, 'open.json');
    expect((await runCli(['assign', '--mode', 'practice', '--count', '4', '--out', file])).status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).seed).toBeNull();
    const af = join(dir, 'empty.json');
    writeFileSync(af, '{"answers": {}}');
    const seeds = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const r = await runCli(['quiz', '--assignment', file, '--answers', af, '--format', 'json']);
      expect(r.status).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.questions).toHaveLength(4);
      seeds.add(j.seed);
    }
    expect(seeds.size).toBeGreaterThan(1);
    // A student may fix their own seed when the assignment leaves it open.
    expect(JSON.parse((await runCli(['quiz', '--assignment', file, '--seed', '8', '--answers', af, '--format', 'json'])).stdout).seed).toBe(8);
  });

  it('refuses flags that contradict the assignment (exit 2)', async () => {
    const file = join(dir, 'fixed2.json');
    expect((await runCli(['assign', '--quiz', 'who-checks', '--mode', 'exam', '--seed', '5', '--count', '2', '--out', file])).status).toBe(0);
    for (const args of [
      ['--seed', '6'],
      ['--count', '3'],
      ['--mode', 'practice'],
      ['--pass', '90'],
      ['--quiz', 'all'],
      ['--time-limit', '5m'],
    ]) {
      const r = await runCli(['quiz', '--assignment', file, ...args, '--export', 'sheet']);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/assignment/);
    }
    // Repeating what it says is not a contradiction.
    expect((await runCli(['quiz', '--assignment', file, '--seed', '5', '--count', '2', '--mode', 'exam', '--pass', '70', '--export', 'sheet'])).status).toBe(0);
  });

  it('refuses a bad assign command and a tampered assignment', async () => {
    expect((await runCli(['assign', '--mode', 'exam'])).stderr).toMatch(/--out FILE/);
    expect((await runCli(['assign', '--out', join(dir, 'x.json')])).status).toBe(2);
    const file = join(dir, 'tamper.json');
    await runCli(['assign', '--quiz', 'who-checks', '--mode', 'exam', '--out', file]);
    const a = JSON.parse(readFileSync(file, 'utf8'));
    a.questions[0].options[0] = 'edited';
    writeFileSync(file, JSON.stringify(a, null, 2));
    const r = await runCli(['quiz', '--assignment', file, '--export', 'sheet']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/changed after the assignment was made/);
  });
});
