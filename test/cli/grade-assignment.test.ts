/**
 * `grade --assignment FILE` (issue 38, D9): forgeries the docs list are
 * flagged when a report is graded ALONE against the instructor's copy of the
 * assignment: wrong questions deleted, the pass mark lowered, the time limit
 * removed. Before, a report with its wrong questions deleted graded 100%,
 * verified and passed, with no flag; and a report's score depended on the
 * reports graded beside it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, runCli } from './cli-run.js';

beforeAll(ensureBuilt, 120_000);
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-grade-assign-'));
const assignment = join(dir, 'assignment.json');
let honest: Record<string, unknown> & { questions: { id: string; correct: boolean }[] };

interface Row {
  student: string;
  score: number;
  passed: boolean | null;
  verified: boolean;
  flags: string[];
}

function gradeAlone(report: unknown, name: string): Row {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(report));
  const r = runCli(['grade', '--assignment', assignment, '--json', file]);
  expect(r.status, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { groups: { students: Row[] }[] }).groups[0]!.students[0]!;
}

describe('grade --assignment (D9)', () => {
  beforeAll(() => {
    const w = runCli([
      'assign',
      '--quiz',
      'token-contract',
      '--mode',
      'exam',
      '--seed',
      '5',
      '--count',
      '5',
      '--pass',
      '80',
      '--time-limit',
      '10m',
      '--out',
      assignment,
    ]);
    expect(w.status, w.stderr).toBe(0);
    const sheet = JSON.parse(runCli(['quiz', '--assignment', assignment, '--export', 'sheet']).stdout) as { questions: { id: string }[] };
    const keyed = JSON.parse(runCli(['quiz', '--assignment', assignment, '--export', 'json']).stdout).questions as { id: string; answer: unknown }[];
    // The first two right, the last three wrong (null): 40%, failed.
    const answers = Object.fromEntries(sheet.questions.map((q, i) => [q.id, i < 2 ? keyed.find((k) => k.id === q.id)!.answer : null]));
    const af = join(dir, 'answers.json');
    writeFileSync(af, JSON.stringify({ answers }));
    const r = runCli(['quiz', '--assignment', assignment, '--student', 'Ada', '--answers', af, '--format', 'json']);
    honest = JSON.parse(r.stdout);
  });

  it('the honest report: 40%, failed, verified, no flag', () => {
    const row = gradeAlone(honest, 'honest');
    expect(row).toMatchObject({ score: 40, passed: false, verified: true, flags: [] });
  });

  it('its wrong questions deleted: still 40%, failed, flagged', () => {
    const forged = { ...honest, questions: honest.questions.filter((q) => q.correct), score: 100, passed: true };
    const row = gradeAlone(forged, 'deleted');
    expect(row.score).toBe(40);
    expect(row.passed).toBe(false);
    expect(row.flags.join('\n')).toMatch(/3 of the assignment's 5 questions missing/);
  });

  it('the pass mark lowered to 1 and the time limit removed: failed, both flagged', () => {
    const row = gradeAlone({ ...honest, passMark: 1, passed: true, timeLimitMs: null }, 'lowered');
    expect(row.passed).toBe(false);
    expect(row.flags.join('\n')).toMatch(/pass mark 1%, the assignment's is 80%/);
    expect(row.flags.join('\n')).toMatch(/time limit absent, the assignment's is 600000 ms/);
  });

  it('a report renamed to another quiz is flagged, and its score is the same alone as beside others', () => {
    const renamed = { ...honest, quiz: 'renamed', student: 'Eve' };
    const alone = gradeAlone(renamed, 'renamed');
    expect(alone.flags.join('\n')).toMatch(/not a sitting of this assignment/);
    const files = ['renamed', 'honest'].map((n) => join(dir, `${n}.json`));
    const together = JSON.parse(runCli(['grade', '--assignment', assignment, '--json', ...files]).stdout) as { groups: { students: Row[] }[] };
    const eve = together.groups.flatMap((g) => g.students).find((s) => s.student === 'Eve')!;
    expect(eve.score).toBe(alone.score);
    expect(eve.passed).toBe(alone.passed);
  });

  it('without --assignment, a renamed quiz grades the same alone and beside real reports', () => {
    const files = ['renamed', 'honest'].map((n) => join(dir, `${n}.json`));
    const alone = JSON.parse(runCli(['grade', '--json', files[0]!]).stdout) as { groups: { students: Row[] }[] };
    const together = JSON.parse(runCli(['grade', '--json', ...files]).stdout) as { groups: { students: Row[] }[] };
    const eve = (g: { groups: { students: Row[] }[] }) => g.groups.flatMap((x) => x.students).find((s) => s.student === 'Eve')!;
    expect({ score: eve(together).score, verified: eve(together).verified }).toEqual({ score: eve(alone).score, verified: eve(alone).verified });
    expect(readFileSync(files[0]!, 'utf8')).toContain('renamed');
  });
});
