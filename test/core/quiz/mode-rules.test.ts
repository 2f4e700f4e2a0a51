/**
 * The quiz's per-mode rules live in one table (src/core/quiz/mode-rules.ts).
 * These tests hold the session, the pass mark and the store to that table,
 * mode by mode, so a rule changed in the table changes the behaviour and a
 * check that bypasses the table shows up as a mismatch.
 */
import { describe, expect, it } from 'vitest';
import { drawQuestions } from '../../../src/core/quiz/draw.js';
import { passMarkFor, QUIZ_MODES } from '../../../src/core/quiz/grading.js';
import { modeRules, QUIZ_MODE_RULES } from '../../../src/core/quiz/mode-rules.js';
import * as S from '../../../src/core/quiz/session.js';
import type { DrawnQuestion } from '../../../src/core/quiz/types.js';
import { createQuizStore } from '../../../src/store/quiz-store.js';
import { FIXTURE_BANK } from './fixtures.js';

const questions = drawQuestions(FIXTURE_BANK, 11, 5).filter((q) => q.type === 'single' || q.type === 'truefalse');
const wrongOf = (q: DrawnQuestion) => ((q.answer as number) + 1) % q.options.length;
const meta = (mode: (typeof QUIZ_MODES)[number]) => ({
  quiz: 'q',
  contentHash: 'h',
  seed: 1,
  mode,
  student: null,
  passMark: passMarkFor(mode, undefined),
  timeLimitMs: 60_000,
  version: 't',
});

describe('quiz mode rules table', () => {
  it('has a row for every mode, with its own label', () => {
    expect(Object.keys(QUIZ_MODE_RULES).sort()).toEqual([...QUIZ_MODES].sort());
    expect(new Set(QUIZ_MODES.map((m) => modeRules(m).label)).size).toBe(QUIZ_MODES.length);
  });

  it('says what the README promises of each mode', () => {
    // Practice and review: feedback and retries, the first try counts. Exam: none, the last answer counts, a pass mark and a clock.
    expect(modeRules('practice')).toMatchObject({ feedback: true, retries: true, hints: true, counts: 'first', timer: false, passMark: false });
    expect(modeRules('review')).toMatchObject({ feedback: true, counts: 'first', order: 'due-reviews', exportable: false, assignable: false });
    expect(modeRules('exam')).toMatchObject({
      feedback: false,
      retries: false,
      hints: false,
      counts: 'last',
      changeAnswers: true,
      timer: true,
      passMark: true,
      confirmLeave: true,
    });
  });

  for (const mode of QUIZ_MODES) {
    const rules = modeRules(mode);
    it(`${mode}: the session gives feedback, retries, hints and counts as the table says`, () => {
      expect(questions.length).toBeGreaterThan(0);
      const q = questions[0]!;
      let s = S.startSession({ questions, mode, timeLimitMs: null, passMark: passMarkFor(mode, undefined) }, 0);
      const first = S.answer(s, wrongOf(q), 1);
      expect(first.feedback !== null).toBe(rules.feedback);
      expect(first.feedback?.canRetry ?? false).toBe(rules.feedback && rules.retries);
      s = first.state;
      const second = S.answer(s, q.answer, 2);
      expect(second.refused).toBeUndefined();
      s = S.submit(second.state, 3);
      // First try wrong, last answer right: which one counts is the table's `counts`.
      expect(S.results(s)[0]!.correct).toBe(rules.counts === 'last');
      const hinted = S.hint(S.startSession({ questions, mode, timeLimitMs: null, passMark: null }, 0), 1);
      expect(hinted.hint !== null).toBe(rules.hints);
      expect(passMarkFor(mode, 80) !== null).toBe(rules.passMark);
    });

    it(`${mode}: the app's sitting opens, goes back and submits as the table says`, () => {
      const now = 0;
      const store = createQuizStore({ questions, meta: meta(mode), clock: () => now });
      expect(store.getState().phase).toBe(rules.intro ? 'intro' : 'question');
      store.getState().begin();
      store.getState().pick(0);
      store.getState().next();
      const at = store.getState().session.current;
      store.getState().previous();
      expect(store.getState().session.current < at).toBe(rules.changeAnswers);
      store.getState().askHint();
      expect(store.getState().hintShown !== null).toBe(rules.hints && store.getState().feedback === null);
      for (let i = 0; i < questions.length + 2 && store.getState().phase === 'question'; i++) {
        const st = store.getState();
        if (st.confirm) break;
        if (rules.feedback && !st.feedback) st.pick(0);
        store.getState().next();
      }
      expect(store.getState().confirm === 'submit').toBe(rules.confirmSubmit);
    });
  }
});
