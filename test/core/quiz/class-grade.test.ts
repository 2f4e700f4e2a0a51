import { describe, expect, it } from 'vitest';
import { gradeClass, groupLabel } from '../../../src/core/quiz/class-grade.js';
import { buildReport, gradeOne } from '../../../src/core/quiz/grading.js';
import { drawQuestions } from '../../../src/core/quiz/draw.js';
import { FIXTURE_BANK } from './fixtures.js';

const qs = drawQuestions(FIXTURE_BANK, 1, 3);

function report(quiz: string, hash: string, rights: boolean[], student: string | null, minutes = 5) {
  const results = qs.map((q, i) => gradeOne(q, rights[i] ? q.answer : null, 1000, 1));
  return buildReport({
    version: 't',
    quiz,
    contentHash: hash,
    seed: 1,
    mode: 'exam',
    student,
    startedAt: 0,
    finishedAt: minutes * 60_000,
    results,
    passMark: 70,
    incomplete: false,
    timeLimitMs: null,
  });
}

describe('class grading', () => {
  it('groups by quiz and content hash, never mixing them', () => {
    const groups = gradeClass([
      { file: 'a.json', student: 'ada', report: report('all', 'h1', [true, true, true], 'ada') },
      { file: 'b.json', student: 'bob', report: report('all', 'h1', [true, false, false], 'bob') },
      { file: 'c.json', student: 'cy', report: report('all', 'h2', [false, false, false], 'cy') },
      { file: 'd.json', student: 'di', report: report('token-contract', 'h1', [true, true, false], 'di') },
    ]);
    expect(groups.map(groupLabel)).toEqual(['all@h1', 'all@h2', 'token-contract@h1']);
    const g = groups[0]!;
    expect(g.students.map((s) => [s.student, s.score, s.passed, s.timeTakenMs])).toEqual([
      ['ada', 100, true, 300_000],
      ['bob', 33.33, false, 300_000],
    ]);
    // Hardest first.
    expect(g.questions.map((q) => [q.id, q.right, q.total])).toEqual(
      [
        [qs[1]!.id, 1, 2],
        [qs[2]!.id, 1, 2],
        [qs[0]!.id, 2, 2],
      ].sort((a, b) => (a[1] as number) - (b[1] as number) || String(a[0]).localeCompare(String(b[0]))),
    );
    expect(g.topics.length).toBeGreaterThan(0);
    for (const t of g.topics) expect(t.average).toBeGreaterThanOrEqual(0);
  });
});
