import { describe, expect, it } from 'vitest';
import { drawQuestions } from '../../../src/core/quiz/draw.js';
import { buildReport, passMarkFor, scorePercent } from '../../../src/core/quiz/grading.js';
import * as S from '../../../src/core/quiz/session.js';
import type { DrawnQuestion } from '../../../src/core/quiz/types.js';
import { FIXTURE_BANK } from './fixtures.js';

const questions = drawQuestions(FIXTURE_BANK, 11, 5);
const wrongOf = (q: DrawnQuestion) => {
  if (q.type === 'ordering') return [...(q.answer as number[])].reverse();
  if (q.type === 'multiple') return [];
  return ((q.answer as number) + 1) % q.options.length;
};

/** A fake clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('quiz session', () => {
  it('practice: a wrong answer may be retried, the first try counts, feedback each time', () => {
    const c = fakeClock();
    let s = S.startSession({ questions, mode: 'practice', timeLimitMs: null, passMark: null }, c.now());
    const q0 = questions[0]!;
    c.advance(3000);
    let r = S.answer(s, wrongOf(q0), c.now());
    expect(r.feedback).toMatchObject({ correct: false, canRetry: true, explanation: q0.explanation });
    s = r.state;
    c.advance(2000);
    r = S.answer(s, q0.answer, c.now());
    expect(r.feedback).toMatchObject({ correct: true, canRetry: false });
    s = r.state;
    // Solved: no more changes.
    expect(S.answer(s, wrongOf(q0), c.now()).refused).toBe('solved');
    expect(s.answers[0]).toMatchObject({ attempts: 2, solved: true, durationMs: 5000 });
    s = S.submit(s, c.now());
    const res = S.results(s);
    expect(res[0]).toMatchObject({ id: q0.id, correct: false, points: 0, response: wrongOf(q0), attempts: 2 });
    expect(res.slice(1).every((x) => x.response === null && !x.correct)).toBe(true);
  });

  it('exam: no feedback, answers can change until submitted, the last one counts', () => {
    const c = fakeClock();
    let s = S.startSession({ questions, mode: 'exam', timeLimitMs: null, passMark: 70 }, c.now());
    questions.forEach((q, i) => {
      s = S.goTo(s, i, c.now());
      const r = S.answer(s, wrongOf(q), c.now());
      expect(r.feedback).toBeNull();
      s = S.answer(r.state, q.answer, c.advance(1000)).state;
    });
    expect(S.hint(s, c.now()).hint).toBeNull();
    s = S.submit(s, c.now());
    expect(s.endReason).toBe('submitted');
    expect(S.answer(s, 0, c.now()).refused).toBe('finished');
    const res = S.results(s);
    expect(res.every((x) => x.correct)).toBe(true);
    const report = buildReport({
      version: 't',
      quiz: 'fx',
      contentHash: 'h',
      seed: 11,
      mode: 'exam',
      student: null,
      startedAt: s.startedAt,
      finishedAt: s.finishedAt!,
      results: res,
      passMark: 70,
      incomplete: false,
      timeLimitMs: null,
    });
    expect(report).toMatchObject({ score: 100, passed: true, passMark: 70 });
  });

  it('exam with a time limit: expiry at the deadline ends it, unanswered count as wrong', () => {
    const c = fakeClock();
    let s = S.startSession({ questions, mode: 'exam', timeLimitMs: 60_000, passMark: 70 }, c.now());
    s = S.answer(s, questions[0]!.answer, c.advance(10_000)).state;
    expect(S.timeLeftMs(s, c.now())).toBe(50_000);
    expect(S.tick(s, c.advance(49_999)).status).toBe('running');
    s = S.tick(s, c.advance(1));
    expect(s.status).toBe('finished');
    expect(s.endReason).toBe('expired');
    expect(s.finishedAt).toBe(s.startedAt + 60_000);
    expect(S.timeLeftMs(s, c.advance(5000))).toBe(0);
    // An answer after the deadline is refused even without a tick in between.
    const late = S.startSession({ questions, mode: 'exam', timeLimitMs: 1000, passMark: 70 }, 0);
    const r = S.answer(late, questions[0]!.answer, 5000);
    expect(r.refused).toBe('finished');
    expect(r.state.finishedAt).toBe(1000);
    const res = S.results(s);
    expect(res.map((x) => x.correct)).toEqual([true, false, false, false, false]);
  });

  it('leaving early ends the sitting (the report is marked incomplete by the caller)', () => {
    let s = S.startSession({ questions, mode: 'exam', timeLimitMs: null, passMark: 70 }, 0);
    s = S.leave(s, 100);
    expect(s).toMatchObject({ status: 'finished', endReason: 'left', finishedAt: 100 });
  });

  it('hints strike out wrong options, never the last wrong one, and point to the lesson', () => {
    const single = drawQuestions(
      FIXTURE_BANK.filter((q) => q.id === 'q-single'),
      3,
    )[0]!;
    let s = S.startSession({ questions: [single], mode: 'practice', timeLimitMs: null, passMark: null }, 0);
    const seen: number[][] = [];
    for (let i = 0; i < 4; i++) {
      const h = S.hint(s, 0);
      s = h.state;
      seen.push(h.hint!.eliminated);
      expect(h.hint!.lesson).toBe('token-contract');
      expect(h.hint!.text).toBe('Starts with A.');
    }
    expect(seen.map((e) => e.length)).toEqual([1, 2, 2, 2]);
    expect(seen[3]).not.toContain(single.answer);
  });

  it('charges time to the question on screen', () => {
    let s = S.startSession({ questions, mode: 'practice', timeLimitMs: null, passMark: null }, 0);
    s = S.goTo(s, 2, 4000);
    s = S.goTo(s, 0, 5000);
    s = S.submit(s, 7000);
    expect(s.answers.map((a) => a.durationMs)).toEqual([6000, 0, 1000, 0, 0]);
    expect(S.answeredCount(s)).toBe(0);
  });

  it('pass marks: 70 by default for an exam, none in practice and review; empty quizzes score 0', () => {
    expect(passMarkFor('exam', undefined)).toBe(70);
    expect(passMarkFor('exam', 85)).toBe(85);
    expect(passMarkFor('practice', 85)).toBeNull();
    expect(passMarkFor('review', undefined)).toBeNull();
    expect(scorePercent([])).toBe(0);
    expect(scorePercent([{ points: 1 }, { points: 0 }, { points: 0 }])).toBe(33.33);
    expect(scorePercent([{ points: 1 }, { points: 1 }, { points: 0 }])).toBe(66.67);
  });
});
