/**
 * What every slice of a quiz sitting shares (src/store/quiz-store.ts
 * combines them): the questions and meta, the mode's rules, the injected
 * clock and persistence, and the few steps more than one slice takes
 * (apply a new session, show a question, answer). Built once per store.
 */
import type { StoreApi } from 'zustand/vanilla';
import { modeRules } from '../../core/quiz/mode-rules.js';
import { type AnswerRecord, answer as answerSession, goTo, type SessionState } from '../../core/quiz/session.js';
import type { DrawnQuestion, Response } from '../../core/quiz/types.js';
import type { QuizPersistence, QuizState, SittingMeta } from '../quiz-state.js';
import { finalizeSitting } from './finalize-sitting.js';

export type QuizSet = StoreApi<QuizState>['setState'];
export type QuizGet = StoreApi<QuizState>['getState'];

/** A slice of the sitting: a function of (set, get), as zustand's slices pattern has it. */
export type QuizSlice<K extends keyof QuizState> = (set: QuizSet, get: QuizGet) => Pick<QuizState, K>;

export interface SittingSettings {
  questions: DrawnQuestion[];
  meta: SittingMeta;
  clock: () => number;
  persist: QuizPersistence | undefined;
}

export interface SittingContext extends SittingSettings {
  rules: ReturnType<typeof modeRules>;
  config: { questions: DrawnQuestion[]; mode: SittingMeta['mode']; timeLimitMs: number | null; passMark: number | null };
  current: () => DrawnQuestion | undefined;
  /** Applies a new session; finishes the sitting when the session says it is over. */
  apply: (session: SessionState, extra?: Partial<QuizState>) => void;
  /** Shows question `index` (question phase only), its highlight on the answer already given. */
  show: (index: number) => void;
  /** Answers the current question through the core's session (feedback, retry or the next question). */
  respond: (response: Response) => void;
  /** Practice: a right answer is final; changing a wrong one starts the retry. */
  editable: () => boolean;
}

/** Options answered with one index: the digit or Enter answers at once. */
export function takesOneOption(q: DrawnQuestion): boolean {
  return q.type === 'single' || q.type === 'truefalse' || q.type === 'predict';
}

/** Where the highlight starts on a question: on the answer already given, else the top. */
function cursorFor(q: DrawnQuestion, rec: AnswerRecord | undefined): number {
  if (q.type === 'ordering' || q.type === 'multiple') return 0;
  return typeof rec?.current === 'number' ? rec.current : 0;
}

export function sittingContext(settings: SittingSettings, set: QuizSet, get: QuizGet): SittingContext {
  const { questions, meta, clock } = settings;
  const rules = modeRules(meta.mode);
  const config = { questions, mode: meta.mode, timeLimitMs: meta.timeLimitMs, passMark: meta.passMark };

  const apply = (session: SessionState, extra: Partial<QuizState> = {}) => {
    set({ session, now: clock(), ...extra });
    if (session.status === 'finished') finalizeSitting(settings, session, set, get);
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

  const editable = (): boolean => {
    const fb = get().feedback;
    if (!fb) return true;
    if (!fb.canRetry) return false;
    set({ feedback: null, feedbackFor: null });
    return true;
  };

  return { ...settings, rules, config, current: () => get().questions[get().session.current], apply, show, respond, editable };
}
