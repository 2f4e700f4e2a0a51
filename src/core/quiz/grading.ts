/**
 * Scoring and the report object (issue 6): one point per fully right
 * question, a percentage with two decimals, passed when score >= pass mark.
 * Pure: times come in as numbers, the tool version as a string.
 */
import { isCorrect } from './answers.js';
import { modeRules } from './mode-rules.js';
import type { DrawnQuestion, QuestionType, Response } from './types.js';

const REPORT_SCHEMA_VERSION = 1;
const DEFAULT_PASS_MARK = 70;

export type QuizMode = 'practice' | 'exam' | 'review';
export const QUIZ_MODES: readonly QuizMode[] = ['practice', 'exam', 'review'];

export interface QuestionResult {
  id: string;
  type: QuestionType;
  tags: string[];
  /** The response that counts (the first try in practice and review, the last in an exam); null if none. */
  response: Response | null;
  correct: boolean;
  points: 0 | 1;
  durationMs: number;
  /** How many times it was answered (retries in practice, changes in an exam). */
  attempts: number;
}

export interface QuizReport {
  schemaVersion: number;
  version: string;
  quiz: string;
  contentHash: string;
  seed: number;
  mode: QuizMode;
  student: string | null;
  startedAt: string;
  finishedAt: string;
  questions: QuestionResult[];
  score: number;
  passMark: number | null;
  passed: boolean | null;
  /** True when the learner left before finishing (Ctrl-C in an exam). */
  incomplete: boolean;
  timeLimitMs: number | null;
  /** True when the time limit ended the attempt. */
  expired?: boolean;
  title?: string | undefined;
  /** The assignment file's title and path, when sat from one. */
  assignment?: { title: string | null; file: string } | undefined;
}

/** Percent of points, rounded to two decimals; 0 for an empty quiz. */
export function scorePercent(results: readonly { points: number }[]): number {
  if (results.length === 0) return 0;
  const points = results.reduce((sum, r) => sum + r.points, 0);
  return Math.round((points / results.length) * 10000) / 100;
}

/** Grades a response to a drawn question. */
export function gradeOne(q: DrawnQuestion, response: Response | null, durationMs: number, attempts: number): QuestionResult {
  const correct = isCorrect(q, response);
  return {
    id: q.id,
    type: q.type,
    tags: [...q.tags],
    response: response ?? null,
    correct,
    points: correct ? 1 : 0,
    durationMs: Math.max(0, Math.round(durationMs)),
    attempts,
  };
}

export interface ReportInput {
  version: string;
  quiz: string;
  contentHash: string;
  seed: number;
  mode: QuizMode;
  student: string | null;
  startedAt: number;
  finishedAt: number;
  results: QuestionResult[];
  passMark: number | null;
  incomplete: boolean;
  timeLimitMs: number | null;
  expired?: boolean;
  title?: string | undefined;
  assignment?: { title: string | null; file: string } | undefined;
}

export function buildReport(input: ReportInput): QuizReport {
  const score = scorePercent(input.results);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    version: input.version,
    quiz: input.quiz,
    contentHash: input.contentHash,
    seed: input.seed,
    mode: input.mode,
    student: input.student,
    startedAt: new Date(input.startedAt).toISOString(),
    finishedAt: new Date(input.finishedAt).toISOString(),
    questions: input.results,
    score,
    passMark: input.passMark,
    passed: input.passMark === null ? null : score >= input.passMark,
    incomplete: input.incomplete,
    timeLimitMs: input.timeLimitMs,
    ...(input.expired ? { expired: true } : {}),
    title: input.title,
    assignment: input.assignment,
  };
}

/** The pass mark a mode uses: none in practice and review. */
export function passMarkFor(mode: QuizMode, requested: number | undefined): number | null {
  if (!modeRules(mode).passMark) return null;
  return requested ?? DEFAULT_PASS_MARK;
}
