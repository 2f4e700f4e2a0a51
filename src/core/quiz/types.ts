/**
 * The quiz vocabulary: questions as loaded from a bank (with predict keys
 * already computed by the engine), questions as drawn for one seed, and
 * responses. Pure data, shared by the loader, the session, the CLI and the app.
 */
import type { ConfigOverrides } from '../types.js';

export const QUESTION_TYPES = ['single', 'multiple', 'truefalse', 'ordering', 'predict'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const PREDICT_ASKS = ['final-value', 'write-result', 'stale'] as const;
export type PredictAsk = (typeof PREDICT_ASKS)[number];

/** Options are limited so that digits 1–9 can choose any of them. */
export const MAX_OPTIONS = 9;

interface QuestionCommon {
  id: string;
  lesson: string;
  tags: string[];
  difficulty: Difficulty;
  prompt: string;
  explanation: string;
  source: string;
  hint?: string | undefined;
  /** Lesson ids the question draws on (quizzes/FORMAT.md); absent: its own lesson only. */
  requires?: string[] | undefined;
  /** True when the question tests a memorised number or version (at most five in the shipped bank). */
  recall?: boolean;
}

export interface SingleQuestion extends QuestionCommon {
  type: 'single';
  options: string[];
  /** Index into `options` as written. */
  answer: number;
}

export interface MultipleQuestion extends QuestionCommon {
  type: 'multiple';
  options: string[];
  /** Indices into `options` as written, ascending. */
  answer: number[];
}

export interface TrueFalseQuestion extends QuestionCommon {
  type: 'truefalse';
  answer: boolean;
}

export interface OrderingQuestion extends QuestionCommon {
  type: 'ordering';
  /** Written in the correct order, first event first. */
  options: string[];
}

export interface PredictSettings {
  fencing: boolean;
  minting: 'durable' | 'volatile';
  check: 'atomic' | 'split';
  ttl: number;
}

/** One set of toggles of a predict question, with the key the engine computed. */
export interface PredictVariant {
  overrides: ConfigOverrides;
  /** The toggles in effect for this variant (the scenario's config with the overrides). */
  settings: PredictSettings;
  options: string[];
  answer: number;
  /** One sentence from the run, appended to the explanation ("the sink ends with \"100\""). */
  outcome: string;
}

export interface PredictQuestion extends QuestionCommon {
  type: 'predict';
  scenario: string;
  /** The scenario's title when it was resolved, for the prompt. */
  scenarioTitle?: string | undefined;
  ask: PredictAsk;
  write?: { actor: string; sentAt: number };
  variants: PredictVariant[];
  /** The scenario's steps in words, for the places that draw no timeline (predict-steps.ts). */
  steps?: string[];
}

export type Question = SingleQuestion | MultipleQuestion | TrueFalseQuestion | OrderingQuestion | PredictQuestion;

/** A bank as loaded: the shipped whole bank, one shipped file, or a custom file. */
export interface QuizBank {
  /** Bank id (file name without extension), `all` for the whole shipped bank, or the file name of a custom bank. */
  id: string;
  title?: string | undefined;
  /** SHA-256 of the questions (canonical JSON), so every seed of one bank shares it. */
  contentHash: string;
  questions: Question[];
  /** True for a bank given by path (an instructor's). */
  custom: boolean;
}

/** A response: one index (single, truefalse, predict) or a list (multiple, ordering). */
export type Response = number | number[];

/** A question as one seed presents it: variant chosen, options shuffled, key remapped. */
export interface DrawnQuestion {
  id: string;
  type: QuestionType;
  lesson: string;
  tags: string[];
  difficulty: Difficulty;
  prompt: string;
  options: string[];
  /** The key in shown indices: one index, a set (ascending) for multiple, the correct order for ordering. */
  answer: Response;
  explanation: string;
  source: string;
  hint?: string | undefined;
  /** Predict only: the scenario's steps in words, shown where no timeline is drawn. */
  steps?: string[];
  /** Predict only: which variant the seed chose. */
  variant?: { index: number; scenario: string; overrides: ConfigOverrides };
}
