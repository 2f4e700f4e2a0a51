/**
 * One quiz sitting in the app: the pure session of src/core/quiz (grading,
 * retries, hints, the time limit) plus what only a screen needs (the
 * highlighted option, the options ticked or the order being built, the
 * feedback on show, a question waiting for confirmation). Vanilla zustand:
 * no React, no terminal, and the clock and the saving are injected, so a test
 * drives a whole exam, its countdown and its expiry with a fake clock.
 *
 * Grading never happens here: every answer goes through the core's
 * `answer`, and the report through `results` and `buildReport`. The
 * store is zustand's slices pattern: answering (quiz/answer-slice.ts),
 * moving through the sitting (quiz/flow-slice.ts), over one shared context
 * (quiz/sitting-context.ts) and the report (quiz/finalize-sitting.ts).
 */
import { createStore } from 'zustand/vanilla';
import type { QuizReport } from '../core/quiz/grading.js';
import { startSession, timeLeftMs } from '../core/quiz/session.js';
import type { DrawnQuestion } from '../core/quiz/types.js';
import type { QuizFields, QuizPersistence, QuizState, QuizStore, SittingMeta } from './quiz-state.js';
import { openingPhase } from '../core/quiz/mode-rules.js';
import { initialOrder } from '../core/quiz/ordering-draft.js';
import { answerSlice } from './quiz/answer-slice.js';
import { flowSlice } from './quiz/flow-slice.js';
import { sittingContext } from './quiz/sitting-context.js';

export type { QuizConfirm, QuizFields, QuizPersistence, QuizPhase, QuizState, QuizStore, SittingMeta } from './quiz-state.js';
export { quizFields } from './quiz-state.js';
export { takesOneOption } from './quiz/sitting-context.js';

export interface QuizStoreOptions {
  questions: DrawnQuestion[];
  meta: SittingMeta;
  /** Milliseconds since the epoch; Date.now unless a test says otherwise. */
  clock?: () => number;
  persist?: QuizPersistence;
}

function initialDraft(q: DrawnQuestion): number[] | null {
  if (q.type === 'multiple') return [];
  if (q.type === 'ordering') return initialOrder(q.options.length);
  return null;
}

export function createQuizStore(options: QuizStoreOptions): QuizStore {
  const settings = { questions: options.questions, meta: options.meta, clock: options.clock ?? Date.now, persist: options.persist };
  const { questions, meta, clock } = settings;
  const t0 = clock();

  return createStore<QuizState>()((set, get) => {
    const ctx = sittingContext(settings, set, get);
    return {
      meta,
      questions,
      phase: openingPhase(meta.mode),
      session: startSession(ctx.config, t0),
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
      ...answerSlice(ctx)(set, get),
      ...flowSlice(ctx)(set, get),
    };
  });
}

/** Milliseconds left on the exam clock as of the last reading; null without a limit. */
export function timeLeft(state: QuizFields): number | null {
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
