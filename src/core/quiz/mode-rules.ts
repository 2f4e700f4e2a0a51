/**
 * What each quiz mode does, in one table. Every place that behaves
 * differently in practice, an exam or review (the session, the store, the
 * screens, the plain prompts, the command's settings) reads a rule here
 * rather than testing `mode === 'exam'`, so changing how a mode works is one
 * edit, and a new mode is one row the compiler asks for everywhere.
 */
import type { QuizMode } from './grading.js';

export interface QuizModeRules {
  /** The mode's name at the start of a sentence ("Exam finished."). */
  label: string;
  /** Right or wrong, the explanation and the source, shown after each answer. */
  feedback: boolean;
  /** A wrong answer may be answered again until right. */
  retries: boolean;
  /** Hints strike out a wrong option and point to the lesson. */
  hints: boolean;
  /** Which response is graded: the first try, or the last answer given. */
  counts: 'first' | 'last';
  /** Answers may be changed, and earlier questions revisited, until submitted. */
  changeAnswers: boolean;
  /** A time limit applies (when one is set); otherwise it is ignored. */
  timer: boolean;
  /** A pass mark applies, so the report says passed or not (and the exit status follows). */
  passMark: boolean;
  /** Opens on an intro screen, so the clock starts when the learner is ready. */
  intro: boolean;
  /** After the last question, asks before submitting instead of ending at once. */
  confirmSubmit: boolean;
  /** The first Ctrl-C (or Esc/q) asks "leave?"; the second leaves. */
  confirmLeave: boolean;
  /** Where the questions come from: drawn from the bank by the seed, or the learner's due review boxes. */
  order: 'seeded-draw' | 'due-reviews';
  /** The questions are fixed by the seed, so the sitting can be exported (`--export`). */
  exportable: boolean;
  /** May be set in an assignment file. */
  assignable: boolean;
  /**
   * Sat with `--answers FILE` (a sheet, often for a class): the results move
   * the learner's review boxes only in review, which drew from those boxes.
   */
  answersFileMovesBoxes: boolean;
}

export const QUIZ_MODE_RULES: Readonly<Record<QuizMode, QuizModeRules>> = {
  practice: {
    label: 'Practice',
    feedback: true,
    retries: true,
    hints: true,
    counts: 'first',
    changeAnswers: false,
    timer: false,
    passMark: false,
    intro: false,
    confirmSubmit: false,
    confirmLeave: false,
    order: 'seeded-draw',
    exportable: true,
    assignable: true,
    answersFileMovesBoxes: false,
  },
  exam: {
    label: 'Exam',
    feedback: false,
    retries: false,
    hints: false,
    counts: 'last',
    changeAnswers: true,
    timer: true,
    passMark: true,
    intro: true,
    confirmSubmit: true,
    confirmLeave: true,
    order: 'seeded-draw',
    exportable: true,
    assignable: true,
    answersFileMovesBoxes: false,
  },
  review: {
    label: 'Review',
    feedback: true,
    retries: true,
    hints: true,
    counts: 'first',
    changeAnswers: false,
    timer: false,
    passMark: false,
    intro: false,
    confirmSubmit: false,
    confirmLeave: false,
    order: 'due-reviews',
    exportable: false,
    assignable: false,
    answersFileMovesBoxes: true,
  },
};

/** The rules of one mode. */
export function modeRules(mode: QuizMode): QuizModeRules {
  return QUIZ_MODE_RULES[mode];
}

/** Where a sitting opens: on the intro, or on its first question (the store starts there; the screen's first hint line is chosen from it). */
export function openingPhase(mode: QuizMode): 'intro' | 'question' {
  return modeRules(mode).intro ? 'intro' : 'question';
}
