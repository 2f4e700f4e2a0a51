/**
 * A quiz sitting as a state machine the app and the plain prompts share.
 * Pure: every transition takes the time (`now`, ms) as an argument, so a
 * test drives it with a fake clock and the app with Date.now.
 *
 * - practice / review: feedback after each answer; a wrong answer may be
 *   retried until right, but the first try is what counts.
 * - exam: no feedback; answers may be changed until submitted; the last
 *   one counts. With a time limit, the first transition at or after the
 *   deadline ends the sitting (unanswered questions count as wrong).
 */
import { answerReportLines } from './answer-report.js';
import { isCorrect } from './answers.js';
import { gradeOne, type QuestionResult, type QuizMode } from './grading.js';
import { modeRules } from './mode-rules.js';
import type { DrawnQuestion, Response } from './types.js';

export interface SessionConfig {
  questions: DrawnQuestion[];
  mode: QuizMode;
  /** null: no limit. */
  timeLimitMs: number | null;
  passMark: number | null;
}

export interface AnswerRecord {
  /** The first response given (what counts in practice and review). */
  first: Response | null;
  /** The latest response (what counts in an exam). */
  current: Response | null;
  attempts: number;
  /** Practice: the question has been answered right (no more retries). */
  solved: boolean;
  durationMs: number;
  /** Options a hint has struck out (shown indices). */
  eliminated: number[];
  hints: number;
}

export type EndReason = 'submitted' | 'expired' | 'left';

export interface SessionState {
  config: SessionConfig;
  status: 'running' | 'finished';
  endReason: EndReason | null;
  startedAt: number;
  finishedAt: number | null;
  /** Index of the question on screen. */
  current: number;
  /** When the current question was shown (for per-question time). */
  shownAt: number;
  answers: AnswerRecord[];
}

export interface Feedback {
  correct: boolean;
  /** Practice and review only: the explanation and source to show. */
  explanation: string;
  source: string;
  /** Practice: whether the learner may try again. */
  canRetry: boolean;
  /** Your answer, the right one and what was wrong, in words (answer-report.ts): the same in every place. */
  answerLines: string[];
}

export interface Hint {
  /** Option indices struck out (all so far). */
  eliminated: number[];
  lesson: string;
  text?: string | undefined;
}

export function startSession(config: SessionConfig, now: number): SessionState {
  return {
    config,
    status: 'running',
    endReason: null,
    startedAt: now,
    finishedAt: null,
    current: 0,
    shownAt: now,
    answers: config.questions.map(() => ({
      first: null,
      current: null,
      attempts: 0,
      solved: false,
      durationMs: 0,
      eliminated: [],
      hints: 0,
    })),
  };
}

export function deadline(state: SessionState): number | null {
  return state.config.timeLimitMs === null ? null : state.startedAt + state.config.timeLimitMs;
}

/** Milliseconds left, or null with no limit; never negative. */
export function timeLeftMs(state: SessionState, now: number): number | null {
  const end = deadline(state);
  if (end === null) return null;
  return Math.max(0, end - (state.finishedAt ?? now));
}

function expiredAt(state: SessionState, now: number): boolean {
  const end = deadline(state);
  return end !== null && now >= end;
}

/** Adds the time since the question was shown to it. */
function chargeTime(state: SessionState, upTo: number): AnswerRecord[] {
  const answers = state.answers.slice();
  const rec = answers[state.current];
  if (rec) answers[state.current] = { ...rec, durationMs: rec.durationMs + Math.max(0, upTo - state.shownAt) };
  return answers;
}

function finish(state: SessionState, now: number, reason: EndReason): SessionState {
  if (state.status === 'finished') return state;
  const end = deadline(state);
  const at = reason === 'expired' && end !== null ? Math.min(now, end) : now;
  return { ...state, answers: chargeTime(state, at), status: 'finished', endReason: reason, finishedAt: at, shownAt: at };
}

/** Ends the sitting if its time is up; otherwise unchanged. Call it on every clock tick. */
export function tick(state: SessionState, now: number): SessionState {
  if (state.status === 'running' && expiredAt(state, now)) return finish(state, now, 'expired');
  return state;
}

/** Shows question `index` (0-based), charging the time spent on the one before. */
export function goTo(state: SessionState, index: number, now: number): SessionState {
  const s = tick(state, now);
  if (s.status === 'finished' || index === s.current) return s;
  if (index < 0 || index >= s.config.questions.length) return s;
  return { ...s, answers: chargeTime(s, now), current: index, shownAt: now };
}

export interface AnswerOutcome {
  state: SessionState;
  /** Null in an exam, or when the answer was refused. */
  feedback: Feedback | null;
  /** Why an answer was not taken: the sitting ended, or the question is already solved. */
  refused?: 'finished' | 'solved';
}

/** Answers the current question (or changes the answer, or retries in practice). */
export function answer(state: SessionState, response: Response, now: number): AnswerOutcome {
  const s = tick(state, now);
  if (s.status === 'finished') return { state: s, feedback: null, refused: 'finished' };
  const q = s.config.questions[s.current]!;
  const rec = s.answers[s.current]!;
  const rules = modeRules(s.config.mode);
  // Once right, a question with retries is done; where answers can change, it never is.
  if (!rules.changeAnswers && rec.solved) return { state: s, feedback: null, refused: 'solved' };
  const correct = isCorrect(q, response);
  const answers = chargeTime(s, now);
  answers[s.current] = {
    ...answers[s.current]!,
    first: rec.first ?? response,
    current: response,
    attempts: rec.attempts + 1,
    solved: rec.solved || correct,
  };
  const next: SessionState = { ...s, answers, shownAt: now };
  if (!rules.feedback) return { state: next, feedback: null };
  return {
    state: next,
    feedback: {
      correct,
      explanation: q.explanation,
      source: q.source,
      canRetry: rules.retries && !correct,
      answerLines: answerReportLines(q, response, correct),
    },
  };
}

/**
 * Practice and review only: strike out one more wrong option (never the
 * last wrong one), and point to the lesson. An exam gets no hints.
 */
export function hint(state: SessionState, now: number): { state: SessionState; hint: Hint | null } {
  const s = tick(state, now);
  if (s.status === 'finished' || !modeRules(s.config.mode).hints) return { state: s, hint: null };
  const q = s.config.questions[s.current]!;
  const rec = s.answers[s.current]!;
  let eliminated = rec.eliminated;
  if (q.type === 'single' || q.type === 'predict' || q.type === 'multiple') {
    const key = new Set(typeof q.answer === 'number' ? [q.answer] : q.answer);
    const wrong = q.options.map((_, i) => i).filter((i) => !key.has(i) && !rec.eliminated.includes(i));
    // Keep at least one wrong option standing, so the hint narrows without answering.
    if (wrong.length > 1) eliminated = [...rec.eliminated, wrong[0]!];
  }
  const answers = s.answers.slice();
  answers[s.current] = { ...rec, eliminated, hints: rec.hints + 1 };
  return {
    state: { ...s, answers },
    hint: { eliminated, lesson: q.lesson, text: q.hint },
  };
}

export function submit(state: SessionState, now: number): SessionState {
  const s = tick(state, now);
  return finish(s, now, 'submitted');
}

/** The learner leaves early (Ctrl-C in an exam): the report is marked incomplete. */
export function leave(state: SessionState, now: number): SessionState {
  const s = tick(state, now);
  return finish(s, now, 'left');
}

/** Counted response per question: first try in practice/review, last answer in an exam. */
export function results(state: SessionState): QuestionResult[] {
  const last = modeRules(state.config.mode).counts === 'last';
  return state.config.questions.map((q, i) => {
    const rec = state.answers[i]!;
    return gradeOne(q, last ? rec.current : rec.first, rec.durationMs, rec.attempts);
  });
}

export function answeredCount(state: SessionState): number {
  return state.answers.filter((a) => a.current !== null).length;
}
