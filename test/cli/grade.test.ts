import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
// Each test spawns several whole processes; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-grade-cli-'));

async function sit(name: string, quiz: string, right: number, student?: string): Promise<string> {
  const sheet = JSON.parse((await runCli(['quiz', '--quiz', quiz, '--export', 'sheet', '--seed', '3', '--count', '4'])).stdout);
  const key = JSON.parse((await runCli(['quiz', '--quiz', quiz, '--export', 'json', '--seed', '3'])).stdout).questions;
  const answers = Object.fromEntries(sheet.questions.slice(0, right).map((q: { id: string }) => [q.id, key.find((k: { id: string }) => k.id === q.id).answer]));
  const af = join(dir, `${name}-answers.json`);
  writeFileSync(af, JSON.stringify({ answers }));
  const report = join(dir, `${name}.json`);
  await runCli([
    'quiz',
    '--quiz',
    quiz,
    '--mode',
    'exam',
    '--seed',
    '3',
    '--count',
    '4',
    '--answers',
    af,
    '--report',
    report,
    ...(student ? ['--student', student] : []),
  ]);
  return report;
}

describe('fence-tutor grade', () => {
  let reports: string[] = [];
  beforeAll(async () => {
    reports = [await sit('ada', 'token-contract', 4, 'Ada'), await sit('bob', 'token-contract', 2, 'Bob'), await sit('cy', 'who-checks', 1)];
  }, 120_000);

  it('text: per student, per question hardest first, per topic; groups never mixed', async () => {
    const r = await runCli(['grade', ...reports]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Quiz token-contract · content \w{12} · 2 reports/);
    expect(r.stdout).toMatch(/Quiz who-checks · content \w{12} · 1 report/);
    expect(r.stdout).toMatch(/Ada\s+100\.00%\s+yes/);
    expect(r.stdout).toMatch(/Bob\s+50\.00%\s+no/);
    expect(r.stdout).toMatch(/\bcy\s+25\.00%\s+no/); // no student: the file name
    expect(r.stderr).toMatch(/2 different quizzes/);
  });

  it('--json prints {"groups": [...]} with students, questions and topics', async () => {
    const j = JSON.parse((await runCli(['grade', '--json', ...reports])).stdout);
    expect(j.groups.map((g: { quiz: string }) => g.quiz)).toEqual(['token-contract', 'who-checks']);
    const g = j.groups[0];
    expect(g.students.map((s: { student: string }) => s.student)).toEqual(['Ada', 'Bob']);
    expect(g.questions).toHaveLength(4);
    const rates = g.questions.map((q: { percentRight: number }) => q.percentRight);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    expect(g.topics.length).toBeGreaterThan(0);
    expect(g.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('--csv writes three files with a group column', async () => {
    const out = join(dir, 'csv');
    const r = await runCli(['grade', '--csv', out, ...reports]);
    expect(r.status).toBe(0);
    const students = readFileSync(join(out, 'students.csv'), 'utf8').trim().split('\r\n');
    expect(students[0]!.startsWith('group,')).toBe(true);
    expect(students).toHaveLength(4);
    expect(readFileSync(join(out, 'questions.csv'), 'utf8')).toMatch(/^group,question,right,total,percentRight/);
    expect(readFileSync(join(out, 'topics.csv'), 'utf8')).toMatch(/who-checks@/);
  });

  it('refuses a file that is not a report (exit 2, named)', async () => {
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{}');
    const r = await runCli(['grade', reports[0]!, junk]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(junk);
    expect((await runCli(['grade'])).status).toBe(2);
  });
});
