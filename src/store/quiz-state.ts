/**
 * The shape of a quiz sitting in the app (src/store/quiz-store.ts holds the
 * store that changes it): what the report records, where it is saved, and
 * every field and action a screen reads. Kept apart so the store's file is
 * its behaviour only.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { QuizMode, QuizReport } from '../core/quiz/grading.js';
import type { Feedback, SessionState } from '../core/quiz/session.js';
import type { DrawnQuestion, Response } from '../core/quiz/types.js';

/** Everything about a sitting that is not a question: what the report records. */
export interface SittingMeta {
  quiz: string;
  title?: string | undefined;
  contentHash: string;
  seed: number;
  mode: QuizMode;
  student: string | null;
  /** Null in practice and review. */
  passMark: number | null;
  timeLimitMs: number | null;
  version: string;
  /** The assignment file's title and path, when sat from one. */
  assignment?: { title: string | null; file: string };
}

/**
 * A report that could not be written everywhere it was to go: the message
 * names each copy that failed, and `savedTo` the copies that were written
 * (the summary names both, so nothing is lost unsaid).
 */
export class ReportNotSaved extends Error {
  constructor(
    message: string,
    readonly savedTo: readonly string[],
  ) {
    super(message);
    this.name = 'ReportNotSaved';
  }
}

/** Where a finished sitting goes: the report files and the review boxes. */
export interface QuizPersistence {
  /** Writes the report; returns the paths written. Throws ReportNotSaved when a copy could not be written (after trying every copy). */
  saveReport: (report: QuizReport, questions: readonly DrawnQuestion[]) => string[];
  /** Moves the answered questions between Leitner boxes. */
  recordReview: (results: readonly { id: string; correct: boolean }[], now: Date) => void;
}

export type QuizPhase = 'intro' | 'question' | 'summary';

/** A question asked of the learner before acting: leave the exam, or submit it. */
export type QuizConfirm = 'leave' | 'submit' | null;

/** What a sitting shows: every field a view reads (the actions are apart, in QuizActions). */
export interface QuizFields {
  meta: SittingMeta;
  questions: DrawnQuestion[];
  phase: QuizPhase;
  session: SessionState;
  /** The last clock reading (the countdown shows timeLeft from it). */
  now: number;
  /** The highlighted row: an option (or, for ordering, a position in the order being built). */
  cursor: number;
  /**
   * Per question, what is being built before it is answered: the ticked
   * options of a multiple-select question, or the order of an ordering one.
   */
  drafts: (number[] | null)[];
  /** Practice and review: the feedback to the latest answer of the current question. */
  feedback: Feedback | null;
  /** The response the feedback is about (to mark the chosen options). */
  feedbackFor: Response | null;
  /** The hint text and lesson shown for the current question, once asked. */
  hintShown: { lesson: string; text?: string | undefined } | null;
  confirm: QuizConfirm;
  report: QuizReport | null;
  savedTo: string[];
  saveError: string | null;
}

export interface QuizActions {
  /** Starts the sitting (the exam clock starts here, after the intro). */
  begin: () => void;
  moveCursor: (delta: number) => void;
  /** A digit: answers (one-option kinds), ticks (multiple) or selects (ordering) option `index`. */
  pick: (index: number) => void;
  /** Space: ticks or unticks the highlighted option of a multiple-select question. */
  toggle: () => void;
  /** Enter: answers with the highlight, the ticked set or the order; after feedback, goes on. */
  choose: () => void;
  /** Ordering: moves the selected event up (-1) or down (+1), the selection following it. */
  moveEvent: (delta: -1 | 1) => void;
  askHint: () => void;
  /** Practice: clears the feedback of a wrong answer so it can be answered again. */
  retry: () => void;
  next: () => void;
  previous: () => void;
  requestSubmit: () => void;
  requestLeave: () => void;
  cancelConfirm: () => void;
  /** Confirms the pending question (submit or leave). */
  confirmYes: () => void;
  /** Ends the sitting early (incomplete report) unless it is already over. */
  leave: () => void;
  /** Reads the clock: updates the countdown and ends an exam whose time is up. */
  tick: () => void;
}

export interface QuizState extends QuizFields, QuizActions {}

export type QuizStore = StoreApi<QuizState>;

/** The fields of a sitting, without its actions: what a view subscribes to (with useShallow). */
export function quizFields(s: QuizState): QuizFields {
  return {
    meta: s.meta,
    questions: s.questions,
    phase: s.phase,
    session: s.session,
    now: s.now,
    cursor: s.cursor,
    drafts: s.drafts,
    feedback: s.feedback,
    feedbackFor: s.feedbackFor,
    hintShown: s.hintShown,
    confirm: s.confirm,
    report: s.report,
    savedTo: s.savedTo,
    saveError: s.saveError,
  };
}
