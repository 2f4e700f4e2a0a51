/**
 * `grade` reads files learners wrote: a report edited by hand (score,
 * passed, answers marked right) is graded again from its responses against
 * the shipped bank, and flagged; two reports for one student are flagged.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? tmpdir(), 'grade-trust-'));

async function sit(name: string, right: number, student: string): Promise<string> {
  const sheet = JSON.parse((await runCli(['quiz', '--quiz', 'token-contract', '--export', 'sheet', '--seed', '3', '--count', '4'])).stdout);
  const key = JSON.parse((await runCli(['quiz', '--quiz', 'token-contract', '--export', 'json', '--seed', '3'])).stdout).questions;
  const answers = Object.fromEntries(
    sheet.questions.map((q: { id: string }, i: number) => {
      const k = key.find((x: { id: string }) => x.id === q.id).answer;
      // Wrong answers are the right shape: another single option, or the key reversed.
      return [q.id, i < right ? k : typeof k === 'number' ? (k === 0 ? 1 : 0) : [...k].reverse()];
    }),
  );
  const af = join(dir, `${name}-answers.json`);
  writeFileSync(af, JSON.stringify({ answers }));
  const report = join(dir, `${name}.json`);
  await runCli([
    'quiz',
    '--quiz',
    'token-contract',
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
    '--student',
    student,
  ]);
  return report;
}

describe('grade does not trust what a report says', () => {
  let honest: string;
  let edited: string;
  let again: string;
  beforeAll(async () => {
    honest = await sit('honest', 3, 'Ada');
    edited = await sit('edited', 0, 'Bob');
    again = await sit('again', 4, 'ADA');
    const r = JSON.parse(readFileSync(edited, 'utf8'));
    r.score = 100;
    r.passed = true;
    for (const q of r.questions) {
      q.correct = true;
      q.points = 1;
    }
    writeFileSync(edited, JSON.stringify(r));
  }, 120_000);

  it('an edited report is graded from its answers and flagged; a duplicate student is flagged', async () => {
    const r = await runCli(['grade', '--json', honest, edited, again]);
    expect(r.status, r.stderr).toBe(0);
    const students = JSON.parse(r.stdout).groups[0].students as { student: string; score: number; passed: boolean; verified: boolean; flags: string[] }[];
    const bob = students.find((s) => s.student === 'Bob')!;
    expect(bob.score).toBeLessThan(100);
    expect(bob.passed).toBe(false);
    expect(bob.verified).toBe(true);
    expect(bob.flags.join('\n')).toMatch(/marked right that the bank grades wrong/);
    expect(bob.flags.join('\n')).toMatch(/score written 100, recomputed/);
    const ada = students.filter((s) => s.student.toLowerCase() === 'ada');
    expect(ada).toHaveLength(2);
    for (const a of ada) expect(a.flags.join('\n')).toMatch(/duplicate student: also in/);
    expect(r.stderr).toMatch(/3 reports flagged/);
  });

  it('a report cut down to its right answers, each pasted twice: counted once and named against the class', async () => {
    const cut = await sit('cut', 2, 'Cy');
    const r = JSON.parse(readFileSync(cut, 'utf8'));
    const right = r.questions.filter((q: { correct: boolean }) => q.correct);
    Object.assign(r, { questions: [...right, ...right], score: 100, passed: true });
    writeFileSync(cut, JSON.stringify(r));
    const out = await runCli(['grade', '--json', honest, edited, cut]);
    expect(out.status, out.stderr).toBe(0);
    const cy = JSON.parse(out.stdout).groups[0].students.find((s: { student: string }) => s.student === 'Cy');
    expect(cy.flags).toContain('questions 2, where 2 of 3 reports have 4');
    expect(cy.flags.filter((f: string) => / listed 2 times: counted once$/.test(f))).toHaveLength(2);
  });

  it('the text output lists the flags under the students', async () => {
    const r = await runCli(['grade', honest, edited]);
    expect(r.stdout).toMatch(/Flags \(scores above are recomputed from the answers\)\n\s+Bob \(.*edited\.json\): \d answers? marked right/);
  });
});
