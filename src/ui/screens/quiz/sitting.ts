/**
 * Opening a sitting for the app (no React here): the route's settings (from
 * `fence-tutor quiz` or the quiz menu) become a sitting request, a route's
 * drawn questions a sitting, and the persistence that saves the report and
 * moves the review boxes. Drawing a sitting the app opens itself is in
 * sitting-open.ts (it brings the bank loader). Drawing, grading and the
 * boxes are the quiz core's; this file only wires them to the data directory.
 */
import { join } from 'node:path';
import type { QuizMode } from '../../../core/quiz/grading.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import type { DrawnQuestion, QuizBank } from '../../../core/quiz/types.js';
import { sanitizeLine, sanitizeText } from '../../../content/shared/sanitize.js';
import { toolVersion } from '../../../platform/package-root.js';
import { type ReportFormat, reportFormatFor, saveReportToDataDir, writeReport } from '../../../reports/report-io.js';
import { recordReviewResults } from '../../../reports/review-store.js';
import type { QuizPersistence, SittingMeta } from '../../../store/quiz-store.js';
import { ReportNotSaved } from '../../../store/quiz-state.js';
import { dataDir } from '../../../platform/data-dir.js';
import { errorMessage } from '../../../platform/error-message.js';
import type { QuizRoute } from '../../../store/routes.js';

/** The settings a sitting is opened with; all optional but the mode. */
export interface SittingRequest {
  mode: QuizMode;
  /** A bank id or path (`--quiz`); the whole shipped bank when absent. */
  quiz?: string;
  /** An already loaded bank (the CLI validates before the app starts). */
  bank?: QuizBank;
  /** `--content DIR`: an instructor's banks beside the shipped ones. */
  content?: string;
  seed?: number;
  count?: number;
  timeLimitMs?: number | null;
  passMark?: number;
  student?: string | null;
  /** `--report FILE`: a copy of the report there as well. */
  report?: string;
  format?: ReportFormat;
}

/** Sittings started from the quiz menu (not the command line): short enough for one go. */
export const MENU_COUNT = 10;
export const MENU_EXAM_TIME_LIMIT_MS = 15 * 60 * 1000;

const str = (v: string | null | undefined): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The sitting a route asks for, or null when it names no mode (then the menu shows). */
export function requestFromRoute(route: QuizRoute): SittingRequest | null {
  const { mode } = route;
  if (mode === undefined) return null;
  const req: SittingRequest = { mode };
  const quiz = str(route.quiz);
  if (quiz !== undefined) req.quiz = quiz;
  if (route.bank) req.bank = route.bank;
  if (route.seed !== undefined) req.seed = route.seed;
  if (route.count !== undefined && route.count !== null) req.count = route.count;
  if (route.timeLimitMs !== undefined) req.timeLimitMs = route.timeLimitMs;
  if (route.passMark !== undefined && route.passMark !== null) req.passMark = route.passMark;
  const student = str(route.student);
  if (student !== undefined) req.student = student;
  const report = str(route.report);
  if (report !== undefined) req.report = report;
  if (route.format) req.format = route.format;
  return req;
}

export type OpenedSitting = { questions: DrawnQuestion[]; meta: SittingMeta; bank: QuizBank } | { empty: string };

/**
 * Every string of a question that reaches the screen, stripped of escape
 * sequences and control characters. The loader has done it already; a route
 * is data from elsewhere, so it is done again where the screen takes it.
 */
function cleanQuestion(q: DrawnQuestion): DrawnQuestion {
  return {
    ...q,
    id: sanitizeLine(q.id),
    lesson: sanitizeLine(q.lesson),
    prompt: sanitizeText(q.prompt),
    options: q.options.map(sanitizeLine),
    explanation: sanitizeText(q.explanation),
    source: sanitizeLine(q.source),
    ...(q.hint !== undefined ? { hint: sanitizeText(q.hint) } : {}),
  };
}

/**
 * A sitting `fence-tutor quiz` opened on a terminal: the command has loaded
 * the bank, drawn the questions and settled every setting, and passes them
 * in the route (src/cli/quiz/quiz-run.ts). Null when the route brings no questions.
 */
export function sittingFromRoute(route: QuizRoute): OpenedSitting | null {
  if (route.questions === undefined) return null;
  const req = requestFromRoute(route);
  if (!req) return null;
  const questions = route.questions.map(cleanQuestion);
  if (questions.length === 0) {
    return {
      empty:
        modeRules(req.mode).order === 'due-reviews'
          ? 'Nothing is due for review. Questions you get wrong come back here, spaced out over days.'
          : 'This quiz has no questions to ask.',
    };
  }
  const { assignment } = route;
  const rawTitle = str(route.title);
  const title = rawTitle === undefined ? undefined : sanitizeLine(rawTitle);
  const meta: SittingMeta = {
    quiz: str(route.quiz) ?? 'all',
    contentHash: str(route.contentHash) ?? '',
    seed: req.seed ?? 0,
    mode: req.mode,
    student: req.student ?? null,
    // The command has already applied the defaults (70 in an exam, none in practice).
    passMark: route.passMark ?? null,
    timeLimitMs: req.timeLimitMs ?? null,
    version: toolVersion(),
    title,
    ...(assignment ? { assignment } : {}),
  };
  const bank: QuizBank = { id: meta.quiz, contentHash: meta.contentHash, questions: [], custom: false };
  return { questions, meta, bank };
}

/** Saves to the data directory's reports/, to `--report` when given, and the review boxes. */
export function filePersistence(req: Pick<SittingRequest, 'report' | 'format'>, dir?: string): QuizPersistence {
  return {
    saveReport: (report, questions) => {
      // Every copy is tried: one that cannot be written (an unwritable data
      // directory, a bad --report path) must not cost the other.
      const paths: string[] = [];
      const failed: string[] = [];
      try {
        paths.push(saveReportToDataDir(report));
      } catch (err) {
        failed.push(`the copy for Progress in ${join(dataDir(), 'reports')} could not be written (${errorMessage(err)})`);
      }
      if (req.report !== undefined) {
        try {
          const explanations = new Map(questions.map((q) => [q.id, q.explanation]));
          writeReport(req.report, report, reportFormatFor(req.report, req.format), explanations);
          paths.push(req.report);
        } catch (err) {
          failed.push(`${req.report} could not be written (${errorMessage(err)})`);
        }
      }
      if (failed.length > 0) throw new ReportNotSaved(failed.join('; '), paths);
      return paths;
    },
    recordReview: (results, now) => {
      recordReviewResults(results, now, dir);
    },
  };
}
