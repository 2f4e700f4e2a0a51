/**
 * The quiz store without a terminal: practice retries keep the first try,
 * hints, exams that change answers until submitted, the countdown and its
 * expiry on a fake clock, leaving early, and the Ctrl-C/back confirmations.
 */
import { describe, expect, it, vi } from 'vitest';
import { createQuizStore, exitCodeFor, formatCountdown, timeLeft } from '../../src/store/quiz-store.js';
import { fakeClock, memoryPersistence, meta, MULTIPLE, ORDERING, SINGLE, TRUEFALSE } from '../ui/quiz-fixtures.js';

vi.mock('react', () => {
  throw new Error('the quiz store must not import React');
});

function practice(questions = [SINGLE, TRUEFALSE]) {
  const clock = fakeClock();
  const persist = memoryPersistence();
  const store = createQuizStore({ questions, meta: meta(), clock: clock.now, persist });
  return { store, clock, persist };
}

function exam(timeLimitMs: number | null = 60_000, questions = [SINGLE, TRUEFALSE, MULTIPLE]) {
  const clock = fakeClock();
  const persist = memoryPersistence();
  const store = createQuizStore({
    questions,
    meta: meta({ mode: 'exam', passMark: 70, timeLimitMs }),
    clock: clock.now,
    persist,
  });
  return { store, clock, persist };
}

describe('practice', () => {
  it('gives feedback at once; a wrong answer can be retried, and the report keeps the first try', () => {
    const { store, clock, persist } = practice();
    const s = () => store.getState();
    expect(s().phase).toBe('question');
    clock.advance(1500);
    s().pick(0); // wrong
    expect(s().feedback).toMatchObject({ correct: false, canRetry: true, source: 'Kleppmann 2016' });
    expect(s().feedback?.explanation).toMatch(/reject lower tokens/);
    s().retry();
    expect(s().feedback).toBeNull();
    s().pick(1); // right on the second try
    expect(s().feedback).toMatchObject({ correct: true, canRetry: false });
    s().pick(0); // a solved question takes no more answers
    expect(s().session.answers[0]?.attempts).toBe(2);
    s().choose(); // enter after feedback: next question
    expect(s().session.current).toBe(1);
    s().pick(1); // True/False: False is right
    s().choose(); // after the last: the summary
    expect(s().phase).toBe('summary');
    const report = persist.reports[0]!;
    expect(report.mode).toBe('practice');
    expect(report.passMark).toBeNull();
    expect(report.incomplete).toBe(false);
    expect(report.questions[0]).toMatchObject({ id: 'q-single', response: 0, correct: false, attempts: 2 });
    expect(report.questions[1]).toMatchObject({ id: 'q-tf', response: 1, correct: true });
    expect(report.score).toBe(50);
    expect(report.questions[0]!.durationMs).toBe(1500);
    expect(persist.reviews[0]).toEqual([
      { id: 'q-single', correct: false },
      { id: 'q-tf', correct: true },
    ]);
    expect(exitCodeFor(report)).toBe(0);
  });

  it('answering another option after a wrong answer is a retry too', () => {
    const { store } = practice();
    store.getState().pick(3);
    expect(store.getState().feedback?.correct).toBe(false);
    store.getState().pick(1);
    expect(store.getState().feedback?.correct).toBe(true);
  });

  it('h strikes out one wrong option (never the answer, never the last wrong one) and names the lesson', () => {
    const { store } = practice();
    const s = () => store.getState();
    s().askHint();
    expect(s().hintShown).toEqual({ lesson: 'token-contract', text: 'Think about who receives the write.' });
    s().askHint();
    s().askHint();
    s().askHint();
    const struck = s().session.answers[0]!.eliminated;
    expect(struck).toHaveLength(2); // of three wrong options, one always stands
    expect(struck).not.toContain(1);
    s().pick(struck[0]!); // a struck option is no choice
    expect(s().feedback).toBeNull();
    expect(s().cursor).not.toBe(struck[0]);
    for (let i = 0; i < 8; i++) {
      s().moveCursor(1); // the arrows skip struck options
      expect(struck).not.toContain(s().cursor);
    }
  });

  it('multiple select toggles with space and submits with enter', () => {
    const { store } = practice([MULTIPLE]);
    const s = () => store.getState();
    s().pick(0); // a digit ticks
    s().moveCursor(1);
    s().toggle(); // space ticks the highlighted one
    s().pick(3);
    s().pick(3); // and unticks
    expect(s().drafts[0]).toEqual([0, 1]);
    s().choose();
    expect(s().feedback?.correct).toBe(false);
    s().pick(3); // changing a wrong answer starts the retry
    expect(s().feedback).toBeNull();
    s().choose();
    expect(s().feedback?.correct).toBe(true);
    expect(s().session.answers[0]!.first).toEqual([0, 1]);
  });

  it('ordering moves the selected event with u/n semantics and answers with the order shown', () => {
    const { store } = practice([ORDERING]);
    const s = () => store.getState();
    // Shown: 0 B writes, 1 A is granted, 2 A pauses; right: 1, 2, 0.
    s().pick(0); // select "B writes"
    s().moveEvent(1);
    s().moveEvent(1);
    s().moveEvent(1); // already at the bottom: stays
    expect(s().drafts[0]).toEqual([1, 2, 0]);
    expect(s().cursor).toBe(2);
    s().choose();
    expect(s().feedback?.correct).toBe(true);
  });

  it('leaving before answering saves nothing; leaving after one answer saves an incomplete report', () => {
    const a = practice();
    a.store.getState().leave();
    expect(a.store.getState().phase).toBe('summary');
    expect(a.persist.reports).toHaveLength(0);
    expect(a.persist.reviews).toHaveLength(0);

    const b = practice();
    b.store.getState().pick(0);
    b.store.getState().leave();
    expect(b.persist.reports[0]).toMatchObject({ incomplete: true });
    expect(b.persist.reviews[0]).toEqual([{ id: 'q-single', correct: false }]); // only what was answered
  });
});

describe('exam', () => {
  it('starts after the intro (pass mark shown), gives no feedback, and lets answers change until submitted', () => {
    const { store, clock, persist } = exam(null);
    const s = () => store.getState();
    expect(s().phase).toBe('intro');
    expect(s().meta.passMark).toBe(70);
    clock.advance(5000); // reading the intro is not exam time
    s().choose();
    expect(s().phase).toBe('question');
    expect(s().session.startedAt).toBe(clock.now());
    s().pick(0); // wrong, and the next question comes up
    expect(s().feedback).toBeNull();
    expect(s().session.current).toBe(1);
    s().previous();
    expect(s().session.current).toBe(0);
    expect(s().cursor).toBe(0); // the highlight sits on the answer given
    s().pick(1); // changed to the right one
    s().pick(1); // True/False: False
    s().pick(0);
    s().toggle(); // unticks 0 again
    s().pick(0);
    s().pick(1);
    s().pick(3);
    s().choose(); // multiple answered, the last question stays
    expect(s().session.current).toBe(2);
    s().next(); // past the last: asks to submit
    expect(s().confirm).toBe('submit');
    s().cancelConfirm();
    expect(s().phase).toBe('question');
    s().requestSubmit();
    s().confirmYes();
    expect(s().phase).toBe('summary');
    const report = persist.reports[0]!;
    expect(report.questions.map((q) => q.correct)).toEqual([true, true, true]);
    expect(report.questions[0]).toMatchObject({ response: 1, attempts: 2 });
    expect(report).toMatchObject({ mode: 'exam', passMark: 70, passed: true, score: 100, incomplete: false });
    expect(exitCodeFor(report)).toBe(0);
  });

  it('counts down on the injected clock and ends at zero, unanswered questions wrong', () => {
    const { store, clock, persist } = exam(60_000);
    const s = () => store.getState();
    expect(timeLeft(s())).toBe(60_000); // the intro shows the whole limit
    s().begin();
    clock.advance(1_000);
    s().tick();
    expect(formatCountdown(timeLeft(s())!)).toBe('0:59');
    s().pick(1); // one right answer
    clock.advance(58_500);
    s().tick();
    expect(s().phase).toBe('question');
    expect(formatCountdown(timeLeft(s())!)).toBe('0:01');
    clock.advance(500);
    s().tick();
    expect(s().phase).toBe('summary');
    expect(s().session.endReason).toBe('expired');
    const report = persist.reports[0]!;
    expect(report.expired).toBe(true);
    expect(report.incomplete).toBe(false);
    expect(report.questions.map((q) => q.correct)).toEqual([true, false, false]);
    expect(report.passed).toBe(false);
    expect(exitCodeFor(report)).toBe(1);
    expect(persist.reviews[0]).toHaveLength(3); // unanswered count as wrong for review too
    s().pick(1); // too late
    expect(report.questions[1]!.response).toBeNull();
  });

  it('an answer given after the deadline but before a tick is refused, and the sitting ends', () => {
    const { store, clock } = exam(10_000);
    store.getState().begin();
    clock.advance(10_001);
    store.getState().pick(1);
    expect(store.getState().phase).toBe('summary');
    expect(store.getState().report?.questions[0]?.response).toBeNull();
  });

  it('has no hints and no retries', () => {
    const { store } = exam();
    store.getState().begin();
    store.getState().askHint();
    expect(store.getState().hintShown).toBeNull();
    expect(store.getState().session.answers[0]!.eliminated).toEqual([]);
  });

  it('leaving asks first, then saves an incomplete report', () => {
    const { store, persist } = exam();
    store.getState().begin();
    store.getState().pick(1);
    store.getState().requestLeave();
    expect(store.getState().confirm).toBe('leave');
    expect(persist.reports).toHaveLength(0);
    store.getState().confirmYes();
    expect(store.getState().phase).toBe('summary');
    expect(persist.reports[0]).toMatchObject({ incomplete: true, mode: 'exam' });
  });

  it('formats the countdown as m:ss or h:mm:ss, rounding up', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(90_000)).toBe('1:30');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('1:01:01');
  });
});
