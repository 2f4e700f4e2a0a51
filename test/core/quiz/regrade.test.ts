import { describe, expect, it } from 'vitest';
import { gradeClass } from '../../../src/core/quiz/class-grade.js';
import { drawQuestions } from '../../../src/core/quiz/draw.js';
import { buildReport, gradeOne, type QuizReport } from '../../../src/core/quiz/grading.js';
import { regradeReport } from '../../../src/core/quiz/regrade.js';
import type { Response } from '../../../src/core/quiz/types.js';
import { FIXTURE_BANK } from './fixtures.js';

const SEED = 5;
const drawn = drawQuestions(FIXTURE_BANK, SEED, 4);
const bank = new Map(FIXTURE_BANK.map((q) => [q.id, q]));
/** A wrong response of the right shape for a drawn question. */
function wrong(q: (typeof drawn)[number]): Response {
  if (typeof q.answer === 'number') return (q.answer + 1) % q.options.length;
  if (q.type === 'ordering') return [...q.answer].reverse();
  const key = q.answer;
  return [q.options.findIndex((_, i) => !key.includes(i))];
}

function report(student: string, rights: number): QuizReport {
  return buildReport({
    version: 't',
    quiz: 'all',
    contentHash: 'h',
    seed: SEED,
    mode: 'exam',
    student,
    startedAt: 0,
    finishedAt: 1000,
    results: drawn.map((q, i) => gradeOne(q, i < rights ? q.answer : wrong(q), 0, 1)),
    passMark: 70,
    incomplete: false,
    timeLimitMs: null,
  });
}

describe('regradeReport', () => {
  it('an honest report: the same score, verified against the bank, no flags', () => {
    const r = regradeReport(report('ada', 3), bank);
    expect(r).toMatchObject({ score: 75, passed: true, verified: true, flags: [] });
  });

  it('a score and pass edited by hand: recomputed from the per-question results, and flagged', () => {
    const edited = { ...report('bob', 1), score: 100, passed: true };
    const r = regradeReport(edited);
    expect(r.score).toBe(25);
    expect(r.passed).toBe(false);
    expect(r.verified).toBe(false);
    expect(r.flags).toEqual(['score written 100, recomputed 25', 'passed written true, recomputed false']);
  });

  it('answers marked right by hand: the bank grades the responses again', () => {
    const base = report('cy', 1);
    const edited: QuizReport = { ...base, score: 100, passed: true, questions: base.questions.map((q) => ({ ...q, correct: true, points: 1 })) };
    const withBank = regradeReport(edited, bank);
    expect(withBank.score).toBe(25);
    expect(withBank.flags[0]).toBe('3 answers marked right that the bank grades wrong');
    // Without the bank, only what the file says per question can be summed.
    expect(regradeReport(edited).score).toBe(100);
  });

  it('a question the bank does not have is flagged and the report is not verified', () => {
    const base = report('dee', 4);
    const r = regradeReport({ ...base, questions: [...base.questions, { ...base.questions[0]!, id: 'not-in-bank' }] }, bank);
    expect(r.verified).toBe(false);
    expect(r.flags).toContain('1 question not in the bank');
  });
});

describe('gradeClass with recomputed scores', () => {
  it('shows the recomputed score and flags duplicate students (case and spacing aside)', () => {
    const [g] = gradeClass([
      { file: 'a.json', student: 'Ada  Lovelace', report: { ...report('x', 1), score: 100, passed: true }, bank },
      { file: 'b.json', student: 'ada lovelace', report: report('y', 4), bank },
      { file: 'c.json', student: 'Bob', report: report('z', 2), bank },
    ]);
    const by = Object.fromEntries(g!.students.map((s) => [s.file, s]));
    expect(by['a.json']!.score).toBe(25);
    expect(by['a.json']!.flags).toEqual(['score written 100, recomputed 25', 'passed written true, recomputed false', 'duplicate student: also in b.json']);
    expect(by['b.json']!.flags).toEqual(['duplicate student: also in a.json']);
    expect(by['c.json']!.flags).toEqual([]);
    expect(by['c.json']!.verified).toBe(true);
  });
});

describe('regradeReport: questions the file adds, repeats or leaves out', () => {
  it('a right answer pasted in many times counts once, and is flagged', () => {
    const base = report('eve', 1);
    const right = base.questions[0]!;
    const r = regradeReport({ ...base, questions: [...base.questions, right, right, right], score: 57.14, passed: false }, bank);
    expect(r.score).toBe(25);
    expect(r.flags).toContain(`question ${right.id} listed 4 times: counted once`);
  });

  it('the wrong answers taken out of the file: the questions no longer match the seed, flagged', () => {
    const base = report('fay', 4);
    const r = regradeReport({ ...base, questions: base.questions.slice(1) }, bank);
    expect(r.score).toBe(100);
    expect(r.flags).toEqual(['1 of the 3 questions listed are not the ones seed 5 draws from the bank (questions taken out or put in)']);
  });

  it('a question swapped for another of the bank is flagged; the last questions cut off are a shorter draw, not flagged', () => {
    const base = report('gus', 4);
    const other = FIXTURE_BANK.find((q) => !drawn.some((d) => d.id === q.id))!;
    const swapped = regradeReport({ ...base, questions: [...base.questions.slice(0, 3), { ...base.questions[3]!, id: other.id }] }, bank);
    expect(swapped.flags.some((f) => f.startsWith('1 of the 4 questions listed are not the ones seed 5 draws'))).toBe(true);
    expect(regradeReport({ ...base, questions: base.questions.slice(0, 2) }, bank).flags).toEqual([]);
  });

  it("a review report is not compared with a draw (its questions come from the learner's boxes)", () => {
    const base = report('hal', 1);
    const r = regradeReport({ ...base, mode: 'review', passMark: null, passed: null, questions: base.questions.slice(1) }, bank);
    expect(r.flags).toEqual(['score written 25, recomputed 0']);
  });
});

describe('gradeClass: a report unlike the rest of its class', () => {
  it('a pass mark lowered in one file is named against what most reports say', () => {
    const [g] = gradeClass([
      { file: 'a.json', student: 'ada', report: report('ada', 3), bank },
      { file: 'b.json', student: 'bob', report: report('bob', 2), bank },
      { file: 'c.json', student: 'cy', report: { ...report('cy', 1), passMark: 20, passed: true }, bank },
    ]);
    const by = Object.fromEntries(g!.students.map((s) => [s.file, s]));
    expect(by['c.json']!.passed).toBe(true);
    expect(by['c.json']!.flags).toEqual(['pass mark 20%, where 2 of 3 reports have 70%']);
    expect(by['a.json']!.flags).toEqual([]);
  });

  it('questions taken out of one file: the count is named against the class', () => {
    const base = report('cy', 1);
    const [g] = gradeClass([
      { file: 'a.json', student: 'ada', report: report('ada', 3) },
      { file: 'b.json', student: 'bob', report: report('bob', 2) },
      { file: 'c.json', student: 'cy', report: { ...base, questions: base.questions.slice(0, 1), score: 100, passed: true } },
    ]);
    expect(g!.students.find((s) => s.file === 'c.json')!.flags).toContain('questions 1, where 2 of 3 reports have 4');
  });

  it('one report copied under another name: both name each other; two sittings with the same answers are not', () => {
    const ada = report('ada', 2);
    const [g] = gradeClass([
      { file: 'a.json', student: 'ada', report: ada, bank },
      { file: 'b.json', student: 'bob', report: { ...ada, student: 'bob' }, bank },
      { file: 'c.json', student: 'cy', report: { ...report('cy', 2), startedAt: '2026-01-01T00:00:00.000Z' }, bank },
    ]);
    const by = Object.fromEntries(g!.students.map((s) => [s.file, s]));
    expect(by['a.json']!.flags).toEqual(['same sitting as b.json (start, finish and every answer identical): a copied report']);
    expect(by['b.json']!.flags).toEqual(['same sitting as a.json (start, finish and every answer identical): a copied report']);
    expect(by['c.json']!.flags).toEqual([]);
  });
});

describe('regradeReport: the time limit', () => {
  it('a sitting longer than its time limit is flagged; one within it (or untimed) is not', () => {
    const timed = { ...report('ivy', 4), timeLimitMs: 600_000 };
    expect(regradeReport(timed, bank).flags).toEqual([]);
    const long = { ...timed, finishedAt: new Date(Date.parse(timed.startedAt) + 1_800_000).toISOString() };
    expect(regradeReport(long, bank).flags).toEqual(['took 1800 s, over the time limit of 600 s']);
    expect(regradeReport({ ...long, timeLimitMs: null }, bank).flags).toEqual([]);
  });
});
