import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GradeInput } from '../../../src/core/quiz/class-grade.js';
import { drawQuestions } from '../../../src/core/quiz/draw.js';
import { buildReport, gradeOne } from '../../../src/core/quiz/grading.js';
import { analyseItems, correlation } from '../../../src/core/quiz/item-analysis.js';
import type { DrawnQuestion, Question } from '../../../src/core/quiz/types.js';
import { FIXTURE_BANK } from './fixtures.js';

const HASH = 'c'.repeat(64);

/** A report for `student` on the questions `seed` draws: `pick(q)` is the option text chosen (null: no answer). */
function sit(bank: readonly Question[], seed: number, count: number, student: string, pick: (q: DrawnQuestion) => string | null, startedAt = 0): GradeInput {
  const drawn = drawQuestions(bank, seed, count);
  const results = drawn.map((q) => {
    const text = pick(q);
    // Found by text, not through the permutation the code under test inverts.
    return gradeOne(q, text === null ? null : q.options.indexOf(text), 0, 1);
  });
  const report = buildReport({
    version: 't',
    quiz: 'fixture',
    contentHash: HASH,
    seed,
    mode: 'exam',
    student,
    startedAt,
    finishedAt: startedAt + 60_000,
    results,
    passMark: 70,
    incomplete: false,
    timeLimitMs: null,
  });
  return { file: `${student}.json`, student, report, bank: new Map(bank.map((q) => [q.id, q])) };
}

const three = FIXTURE_BANK.filter((q) => ['q-extra-0', 'q-extra-1', 'q-extra-2'].includes(q.id));

describe('item analysis: a worked example computed by hand', () => {
  // Four students, three questions (options "right", "wrong", "also wrong"; the key is "right").
  //        q-extra-0  q-extra-1   q-extra-2
  // S1     right      right       right
  // S2     right      right       wrong
  // S3     right      also wrong  wrong
  // S4     wrong      wrong       right
  const plan: Record<string, Record<string, string>> = {
    S1: { 'q-extra-0': 'right', 'q-extra-1': 'right', 'q-extra-2': 'right' },
    S2: { 'q-extra-0': 'right', 'q-extra-1': 'right', 'q-extra-2': 'wrong' },
    S3: { 'q-extra-0': 'right', 'q-extra-1': 'also wrong', 'q-extra-2': 'wrong' },
    S4: { 'q-extra-0': 'wrong', 'q-extra-1': 'wrong', 'q-extra-2': 'right' },
  };
  const stats = analyseItems(Object.keys(plan).map((s) => sit(three, 5, 3, s, (q) => plan[s]![q.id]!)));
  const item = (id: string) => stats.items.find((i) => i.id === id)!;

  it('facility is the share right', () => {
    expect([item('q-extra-0').facility, item('q-extra-1').facility, item('q-extra-2').facility]).toEqual([75, 50, 50]);
  });

  it('discrimination is the correlation with the rest of the test', () => {
    // q-extra-1: x = (1,1,0,0), rest = (1, .5, .5, .5): sxy = .25, sxx = 1, syy = .1875, r = .25 / sqrt(.1875) = 1/sqrt(3).
    expect(item('q-extra-1').discrimination).toBe(0.5774);
    // q-extra-2: x = (1,0,0,1), rest = (1, 1, .5, 0): sxy = -.25, syy = .6875, r = -.25 / sqrt(.6875).
    expect(item('q-extra-2').discrimination).toBe(-0.3015);
    // q-extra-0: x = (1,1,1,0), rest = (1, .5, 0, .5): sxy = 0.
    expect(item('q-extra-0').discrimination).toBe(0);
  });

  it('counts each option in the bank order, whatever order the seed showed', () => {
    expect(item('q-extra-1').options!.map((o) => [o.text, o.count, o.correct])).toEqual([
      ['right', 2, true],
      ['wrong', 1, false],
      ['also wrong', 1, false],
    ]);
    // The seed shuffles these options: the shown order is not the bank's.
    expect(drawQuestions(three, 5, 3).some((q) => q.options.join() !== 'right,wrong,also wrong')).toBe(true);
  });

  it('flags an unchosen option, weak and negative discrimination, and too few students', () => {
    expect(item('q-extra-0').flags).toEqual(['weak discrimination 0.00: below 0.2', 'nobody chose option 3: "also wrong"']);
    expect(item('q-extra-2').flags).toEqual([
      'negative discrimination -0.30: students who did worse on the rest did better here',
      'nobody chose option 3: "also wrong"',
    ]);
    expect(item('q-extra-1').flags).toEqual([]);
    expect(stats.items.every((i) => !i.reliable)).toBe(true);
  });

  it('flags too easy and too hard, and leaves discrimination out when the score does not vary', () => {
    // Six students: all get q-extra-0 right; only the first gets the other two right.
    const easy = analyseItems(['a', 'b', 'c', 'd', 'e', 'f'].map((s, k) => sit(three, 5, 3, s, (q) => (q.id === 'q-extra-0' || k === 0 ? 'right' : 'wrong'))));
    const e = easy.items.find((i) => i.id === 'q-extra-0')!;
    expect(e.discrimination).toBeNull();
    expect(e.flags[0]).toBe('too easy: facility 100% is above 95%');
    const h = easy.items.find((i) => i.id === 'q-extra-1')!;
    expect(h.flags[0]).toBe('too hard: facility 16.67% is below 20%');
  });

  it("counts each student's first attempt only", () => {
    const first = sit(three, 5, 3, 'Ada', () => 'wrong', 1000);
    const later = sit(three, 5, 3, 'ada ', () => 'right', 5000);
    const stats2 = analyseItems([later, first, sit(three, 5, 3, 'Bob', () => 'right', 0)]);
    expect(stats2.students).toBe(2);
    expect(stats2.laterAttempts).toBe(1);
    expect(stats2.items.every((i) => i.right === 1)).toBe(true);
  });
});

/**
 * A second implementation, written apart from the first: the point-biserial
 * formula (mean rest of those right minus those wrong, over the population
 * standard deviation, times sqrt(p q)), which equals Pearson's r for a 0/1
 * score, and option counts found by the option's text.
 */
function secondOpinion(inputs: readonly GradeInput[], bank: readonly Question[]) {
  const byId = new Map(bank.map((q) => [q.id, q]));
  const sittings = inputs.map((i) => {
    const drawn = drawQuestions(bank, i.report.seed, i.report.questions.length);
    return new Map(
      i.report.questions.map((r) => {
        const shown = drawn.find((d) => d.id === r.id)!;
        const text = typeof r.response === 'number' ? shown.options[r.response]! : null;
        return [r.id, { right: r.correct ? 1 : 0, text }];
      }),
    );
  });
  const ids = [...new Set(sittings.flatMap((s) => [...s.keys()]))];
  return ids.map((id) => {
    const saw = sittings.filter((s) => s.has(id));
    const xs = saw.map((s) => s.get(id)!.right);
    const rest = saw.map((s) => {
      const others = [...s.entries()].filter(([k]) => k !== id);
      return others.reduce((a, [, v]) => a + v.right, 0) / others.length;
    });
    const p = xs.reduce((a, b) => a + b, 0) / xs.length;
    const mean = rest.reduce((a, b) => a + b, 0) / rest.length;
    const sd = Math.sqrt(rest.reduce((a, r) => a + (r - mean) ** 2, 0) / rest.length);
    const ofRight = rest.filter((_, i) => xs[i] === 1);
    const ofWrong = rest.filter((_, i) => xs[i] === 0);
    const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const r = ofRight.length === 0 || ofWrong.length === 0 || sd < 1e-9 ? null : ((avg(ofRight) - avg(ofWrong)) / sd) * Math.sqrt(p * (1 - p));
    const q = byId.get(id)! as Extract<Question, { type: 'single' }>;
    const counts = q.options.map((o) => saw.filter((s) => s.get(id)!.text === o).length);
    return { id, students: saw.length, facility: p * 100, discrimination: r, counts };
  });
}

describe('item analysis agrees with a second implementation on random classes', () => {
  const bank = FIXTURE_BANK.filter((q) => q.id.startsWith('q-extra-') || q.id === 'q-single');
  it('different draws (a seed per student), random answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 500 }), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 15, maxLength: 15 })), {
          minLength: 3,
          maxLength: 25,
        }),
        (students) => {
          const inputs = students.map(([seed, choices], k) =>
            sit(bank, seed, 6, `s${k}`, (q) => {
              const c = choices[bank.findIndex((b) => b.id === q.id)]!;
              return c >= q.options.length ? null : q.options[c]!;
            }),
          );
          const mine = analyseItems(inputs).items;
          for (const other of secondOpinion(inputs, bank)) {
            const it = mine.find((i) => i.id === other.id)!;
            expect(it.students).toBe(other.students);
            expect(it.facility).toBeCloseTo(other.facility, 2);
            if (other.discrimination === null) expect(it.discrimination).toBeNull();
            else expect(it.discrimination).toBeCloseTo(other.discrimination, 3);
            expect(it.options!.map((o) => o.count)).toEqual(other.counts);
            expect(it.reliable).toBe(other.students >= 10);
          }
        },
      ),
      { numRuns: 60, seed: 37 },
    );
  });

  it('correlation is symmetric and null without variation', () => {
    expect(correlation([1, 0, 1], [0.5, 0.5, 0.5])).toBeNull();
    expect(correlation([1, 0, 1, 0], [1, 0, 0.5, 0.25])).toBeCloseTo(correlation([1, 0, 0.5, 0.25], [1, 0, 1, 0])!, 12);
  });
});
