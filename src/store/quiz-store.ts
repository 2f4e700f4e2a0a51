/**
 * One quiz sitting in the app: the pure session of src/core/quiz (grading,
 * retries, hints, the time limit) plus what only a screen needs (the
 * highlighted option, the options ticked or the order being built, the
 * feedback on show, a question waiting for confirmation). Vanilla zustand:
 * no React, no terminal, and the clock and the saving are injected, so a test
 * drives a whole exam, its countdown and its expiry with a fake clock.
 *
 * Grading never happens here: every answer goes through the core's
 * `answer`, and the report through `results` and `buildReport`.
 */
import { createStore } from 'zustand/vanilla';
import { buildReport, type QuestionResult, type QuizReport } from '../core/quiz/grading.js';
import {
  type AnswerRecord,
  answer as answerSession,
  goTo,
  hint as hintSession,
  leave as leaveSession,
  results as sessionResults,
  type SessionState,
  startSession,
  submit as submitSession,
  tick as tickSession,
  timeLeftMs,
} from '../core/quiz/session.js';
import type { DrawnQuestion, Response } from '../core/quiz/types.js';
import { type QuizPersistence, type QuizState, type QuizStore, ReportNotSaved, type SittingMeta } from './quiz-state.js';
import { modeRules, openingPhase } from '../core/quiz/mode-rules.js';
import { initialOrder, moveInOrder } from '../core/quiz/ordering-draft.js';
import { errorMessage } from '../platform/error-message.js';

export type { QuizConfirm, QuizPersistence, QuizPhase, QuizState, QuizStore, SittingMeta } from './quiz-state.js';

export interface QuizStoreOptions {
  questions: DrawnQuestion[];
  meta: SittingMeta;
  /** Milliseconds since the epoch; Date.now unless a test says otherwise. */
  clock?: () => number;
  persist?: QuizPersistence;
}

/** Options answered with one index: the digit or Enter answers at once. */
export function takesOneOption(q: DrawnQuestion): boolean {
  return q.type === 'single' || q.type === 'truefalse' || q.type === 'predict';
}

function initialDraft(q: DrawnQuestion): number[] | null {
  if (q.type === 'multiple') return [];
  if (q.type === 'ordering') return initialOrder(q.options.length);
  return null;
}

/** Where the highlight starts on a question: on the answer already given, else the top. */
function cursorFor(q: DrawnQuestion, rec: AnswerRecord | undefined): number {
  if (q.type === 'ordering' || q.type === 'multiple') return 0;
  return typeof rec?.current === 'number' ? rec.current : 0;
}

export function createQuizStore(options: QuizStoreOptions): QuizStore {
  const clock = options.clock ?? Date.now;
  const persist = options.persist;
  const { questions, meta } = options;
  const config = { questions, mode: meta.mode, timeLimitMs: meta.timeLimitMs, passMark: meta.passMark };
  const t0 = clock();
  const rules = modeRules(meta.mode);

  return createStore<QuizState>()((set, get) => {
    const current = (): DrawnQuestion | undefined => get().questions[get().session.current];

    /** Builds, saves and records the report once the session has finished. */
    const finalize = (session: SessionState) => {
      if (get().report) return;
      const results: QuestionResult[] = sessionResults(session);
      const incomplete = session.endReason === 'left';
      const report = buildReport({
        version: meta.version,
        quiz: meta.quiz,
        contentHash: meta.contentHash,
        seed: meta.seed,
        mode: meta.mode,
        student: meta.student,
        startedAt: session.startedAt,
        finishedAt: session.finishedAt ?? clock(),
        results,
        passMark: meta.passMark,
        incomplete,
        timeLimitMs: meta.timeLimitMs,
        expired: session.endReason === 'expired',
        title: meta.title,
        ...(meta.assignment ? { assignment: meta.assignment } : {}),
      });
      let savedTo: string[] = [];
      let saveError: string | null = null;
      const answered = (i: number) => (session.answers[i]?.attempts ?? 0) > 0;
      // Left before answering anything: nothing worth a report.
      const worthSaving = !incomplete || results.some((_r, i) => answered(i));
      try {
        if (worthSaving) savedTo = persist?.saveReport(report, questions) ?? [];
      } catch (err) {
        saveError = errorMessage(err);
        if (err instanceof ReportNotSaved) savedTo = [...err.savedTo];
      }
      // The review boxes are recorded even when a report copy failed.
      try {
        // Left early: only what was answered moves between boxes. Finished
        // (or expired): unanswered questions count as wrong, so they too.
        const counted = results.filter((_r, i) => !incomplete || answered(i));
        if (counted.length > 0)
          persist?.recordReview(
            counted.map((r) => ({ id: r.id, correct: r.correct })),
            new Date(session.finishedAt ?? clock()),
          );
      } catch (err) {
        const review = `the review boxes could not be updated: ${errorMessage(err)}`;
        saveError = saveError ? `${saveError}; ${review}` : review;
      }
      set({ session, phase: 'summary', report, savedTo, saveError, confirm: null, feedback: null, hintShown: null });
    };

    /** Applies a new session; finishes the sitting when the session says it is over. */
    const apply = (session: SessionState, extra: Partial<QuizState> = {}) => {
      set({ session, now: clock(), ...extra });
      if (session.status === 'finished') finalize(session);
    };

    const show = (index: number) => {
      const s = get();
      if (s.phase !== 'question') return;
      const next = goTo(s.session, index, clock());
      const q = questions[next.current];
      apply(next, {
        cursor: q ? cursorFor(q, next.answers[next.current]) : 0,
        feedback: null,
        feedbackFor: null,
        hintShown: null,
      });
    };

    const respond = (response: Response) => {
      const s = get();
      if (s.phase !== 'question' || s.confirm) return;
      // Answering again after a wrong answer is the retry; after a right one, nothing to do.
      if (s.feedback && !s.feedback.canRetry) return;
      const outcome = answerSession(s.session, response, clock());
      if (outcome.refused) {
        apply(outcome.state);
        return;
      }
      if (!rules.feedback) {
        // An exam gives no feedback: the answer is kept (and can be changed),
        // and the next question comes up, or the last one stays.
        apply(outcome.state);
        if (outcome.state.current < questions.length - 1) show(outcome.state.current + 1);
        return;
      }
      apply(outcome.state, { feedback: outcome.feedback, feedbackFor: response });
    };

    /** Practice: a right answer is final; changing a wrong one starts the retry. */
    const editable = (): boolean => {
      const fb = get().feedback;
      if (!fb) return true;
      if (!fb.canRetry) return false;
      set({ feedback: null, feedbackFor: null });
      return true;
    };

    const responseFromDraft = (): Response | null => {
      const s = get();
      const q = current();
      if (!q) return null;
      if (takesOneOption(q)) return s.cursor;
      const draft = s.drafts[s.session.current];
      if (!draft) return null;
      if (q.type === 'multiple') return [...draft].sort((a, b) => a - b);
      return [...draft];
    };

    return {
      meta,
      questions,
      phase: openingPhase(meta.mode),
      session: startSession(config, t0),
      now: t0,
      cursor: 0,
      drafts: questions.map(initialDraft),
      feedback: null,
      feedbackFor: null,
      hintShown: null,
      confirm: null,
      report: null,
      savedTo: [],
      saveError: null,

      begin: () => {
        if (get().phase !== 'intro') return;
        const now = clock();
        set({ phase: 'question', session: startSession(config, now), now, cursor: 0 });
      },

      moveCursor: (delta) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || !q || q.options.length === 0) return;
        const n = q.options.length;
        // Options a hint struck out are skipped (ordering positions never are).
        const struck = q.type === 'ordering' ? [] : (s.session.answers[s.session.current]?.eliminated ?? []);
        let cursor = s.cursor;
        for (let step = 0; step < n; step++) {
          cursor = (cursor + delta + n) % n;
          if (!struck.includes(cursor)) break;
        }
        set({ cursor });
      },

      pick: (index) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || !q || index < 0 || index >= q.options.length) return;
        // A hint struck it out: not a choice any more.
        if (s.session.answers[s.session.current]?.eliminated.includes(index)) return;
        if (takesOneOption(q)) {
          set({ cursor: index });
          respond(index);
        } else if (q.type === 'multiple') {
          set({ cursor: index });
          get().toggle();
        } else {
          set({ cursor: index });
        }
      },

      toggle: () => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || q?.type !== 'multiple') return;
        if (!editable()) return;
        const draft = s.drafts[s.session.current] ?? [];
        const next = draft.includes(s.cursor) ? draft.filter((i) => i !== s.cursor) : [...draft, s.cursor];
        const drafts = s.drafts.slice();
        drafts[s.session.current] = next;
        set({ drafts });
      },

      choose: () => {
        const s = get();
        if (s.phase === 'intro') {
          get().begin();
          return;
        }
        if (s.phase !== 'question') return;
        if (s.confirm) {
          get().confirmYes();
          return;
        }
        if (s.feedback) {
          get().next();
          return;
        }
        const response = responseFromDraft();
        if (response !== null) respond(response);
      },

      moveEvent: (delta) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || q?.type !== 'ordering') return;
        if (!editable()) return;
        const moved = moveInOrder(s.drafts[s.session.current] ?? [], s.cursor, delta);
        if (!moved) return;
        const drafts = s.drafts.slice();
        drafts[s.session.current] = moved.order;
        set({ drafts, cursor: moved.at });
      },

      askHint: () => {
        const s = get();
        if (s.phase !== 'question' || !rules.hints || s.feedback) return;
        const { state, hint } = hintSession(s.session, clock());
        if (!hint) return;
        // A struck-out option cannot stay highlighted or ticked.
        const drafts = s.drafts.slice();
        const draft = drafts[state.current];
        if (current()?.type === 'multiple' && draft) drafts[state.current] = draft.filter((i) => !hint.eliminated.includes(i));
        const q = current();
        let cursor = s.cursor;
        if (q && hint.eliminated.includes(cursor)) {
          cursor = q.options.findIndex((_, i) => !hint.eliminated.includes(i));
        }
        apply(state, {
          drafts,
          cursor: Math.max(0, cursor),
          hintShown: { lesson: hint.lesson, text: hint.text },
        });
      },

      retry: () => {
        const s = get();
        if (s.phase !== 'question' || !s.feedback?.canRetry) return;
        set({ feedback: null, feedbackFor: null });
      },

      next: () => {
        const s = get();
        if (s.phase !== 'question' || s.confirm) return;
        if (s.session.current >= questions.length - 1) {
          // Practice ends after the last question; an exam asks before submitting.
          if (rules.confirmSubmit) get().requestSubmit();
          else apply(submitSession(s.session, clock()));
          return;
        }
        show(s.session.current + 1);
      },

      previous: () => {
        const s = get();
        if (s.phase !== 'question' || s.confirm || !rules.changeAnswers) return;
        show(s.session.current - 1);
      },

      requestSubmit: () => {
        const s = get();
        if (s.phase !== 'question' || !rules.confirmSubmit) return;
        set({ confirm: 'submit' });
      },

      requestLeave: () => {
        if (get().phase === 'summary') return;
        set({ confirm: 'leave' });
      },

      cancelConfirm: () => set({ confirm: null }),

      confirmYes: () => {
        const s = get();
        if (s.confirm === 'submit') apply(submitSession(s.session, clock()));
        else if (s.confirm === 'leave') get().leave();
      },

      leave: () => {
        const s = get();
        if (s.phase === 'summary') return;
        apply(leaveSession(s.session, clock()));
      },

      tick: () => {
        const s = get();
        if (s.phase !== 'question') return;
        const now = clock();
        const next = tickSession(s.session, now);
        if (next === s.session) {
          // Redraw once a second, when the countdown's seconds change, not on every reading.
          const before = timeLeftMs(s.session, s.now);
          const after = timeLeftMs(s.session, now);
          if (before !== null && after !== null && Math.ceil(before / 1000) !== Math.ceil(after / 1000)) set({ now });
          return;
        }
        apply(next);
      },
    };
  });
}

/** Milliseconds left on the exam clock as of the last reading; null without a limit. */
export function timeLeft(state: QuizState): number | null {
  if (state.phase === 'intro') return state.meta.timeLimitMs;
  return timeLeftMs(state.session, state.now);
}

/** `m:ss` (or `h:mm:ss`), rounded up so 0:00 means the time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The exit status of a sitting: 0 passed or practice, 1 an exam not passed. */
export function exitCodeFor(report: QuizReport | null): number {
  return report?.passed === false ? 1 : 0;
}
