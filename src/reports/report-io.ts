/**
 * Writing quiz reports (JSON or JUnit, atomically) and reading JSON reports
 * back for `grade`, validated, with every string sanitized before display.
 */
import { basename } from 'node:path';
import { QUIZ_MODES, type QuizMode, type QuizReport } from '../core/quiz/grading.js';
import { ContentError } from '../content/shared/problems.js';
import { readProblem } from '../content/shared/read-text.js';
import { MAX_CONTENT_BYTES } from '../content/shared/input-limits.js';
import { readBoundedText } from '../platform/bounded-read.js';
import { sanitizeLine, sanitizeName } from '../content/shared/sanitize.js';
import { writeUserFileAtomic } from '../platform/atomic-file.js';
import { writeNewFile } from '../platform/unique-name.js';
import { dataSubdir } from '../platform/data-dir.js';
import { reportToJunit } from './junit.js';
import { errorMessage } from '../platform/error-message.js';

export type ReportFormat = 'json' | 'junit';

/** `--format` wins; else `.xml` means JUnit; else JSON. */
export function reportFormatFor(path: string | undefined, format: ReportFormat | undefined): ReportFormat {
  if (format) return format;
  return path !== undefined && /\.xml$/i.test(path) ? 'junit' : 'json';
}

export function renderReport(report: QuizReport, format: ReportFormat, explanations: ReadonlyMap<string, string>): string {
  return format === 'junit' ? reportToJunit(report, explanations) : `${JSON.stringify(report, null, 2)}\n`;
}

export function writeReport(path: string, report: QuizReport, format: ReportFormat, explanations: ReadonlyMap<string, string>): void {
  writeUserFileAtomic(path, renderReport(report, format, explanations), 'the report', '--report');
}

/** Keeps a copy in the data directory's `reports/` (quiz history for Progress). */
export function saveReportToDataDir(report: QuizReport): string {
  const stamp = report.finishedAt.replace(/[:.]/g, '-');
  const safeQuiz = report.quiz.replace(/[^A-Za-z0-9_-]/g, '_');
  // Two sittings may finish in the same millisecond (or one process twice): a new name each, never a replaced file.
  return writeNewFile(dataSubdir('reports'), `${stamp}-${safeQuiz}-${report.mode}`, '.json', `${JSON.stringify(report, null, 2)}\n`);
}

export interface LoadedReport {
  file: string;
  report: QuizReport;
}

function bad(file: string, message: string): ContentError {
  return new ContentError([{ file, line: 0, message, fix: 'pass JSON reports written by `fence-tutor quiz --report FILE.json`' }]);
}

/** Reads and checks one JSON report; strings are sanitized for display. */
export function readReportFile(file: string): LoadedReport {
  let text: string;
  try {
    text = readBoundedText(file, MAX_CONTENT_BYTES);
  } catch (err) {
    const problem = readProblem(err, file, 'a quiz report', 'pass JSON reports written by `fence-tutor quiz --report FILE.json`');
    if (problem) throw new ContentError([problem]);
    throw err;
  }
  if (/^\s*</.test(text)) throw bad(file, 'this is a JUnit XML report; `grade` reads the JSON reports');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw bad(file, `not valid JSON (${errorMessage(err)})`);
  }
  const r = raw as Record<string, unknown>;
  const need = (ok: boolean, what: string) => {
    if (!ok) throw bad(file, `not a quiz report: ${what}`);
  };
  need(typeof r === 'object' && r !== null && !Array.isArray(r), 'expected a JSON object');
  if (typeof r.schemaVersion === 'string' && /^\d+$/.test(r.schemaVersion)) {
    throw bad(file, `\`schemaVersion\` is the string ${JSON.stringify(r.schemaVersion)}; it must be a number, without quotes`);
  }
  need(typeof r.schemaVersion === 'number', '`schemaVersion` is missing');
  need(typeof r.quiz === 'string', '`quiz` is missing');
  need(typeof r.contentHash === 'string', '`contentHash` is missing');
  need(typeof r.score === 'number', '`score` is missing');
  need(typeof r.startedAt === 'string' && typeof r.finishedAt === 'string', '`startedAt`/`finishedAt` are missing');
  need(Array.isArray(r.questions), '`questions` is missing');
  const questions = (r.questions as unknown[]).map((q, i) => {
    const o = q as Record<string, unknown>;
    need(typeof o === 'object' && o !== null && typeof o.id === 'string' && typeof o.correct === 'boolean', `question ${i + 1} has no id or no \`correct\``);
    return {
      id: sanitizeName(o.id as string),
      type: (typeof o.type === 'string' ? o.type : 'single') as QuizReport['questions'][number]['type'],
      tags: Array.isArray(o.tags) ? (o.tags as unknown[]).filter((t): t is string => typeof t === 'string').map(sanitizeName) : [],
      response: (o.response ?? null) as QuizReport['questions'][number]['response'],
      correct: o.correct as boolean,
      points: (o.correct ? 1 : 0) as 0 | 1,
      durationMs: typeof o.durationMs === 'number' ? o.durationMs : 0,
      attempts: typeof o.attempts === 'number' ? o.attempts : 0,
    };
  });
  const report: QuizReport = {
    schemaVersion: r.schemaVersion as number,
    version: typeof r.version === 'string' ? sanitizeName(r.version) : 'unknown',
    quiz: sanitizeName(r.quiz as string),
    contentHash: sanitizeName(r.contentHash as string),
    seed: typeof r.seed === 'number' ? r.seed : 0,
    mode: QUIZ_MODES.includes(r.mode as QuizMode) ? (r.mode as QuizMode) : 'practice',
    student: typeof r.student === 'string' && r.student.trim() !== '' ? sanitizeName(r.student.trim()) : null,
    startedAt: r.startedAt as string,
    finishedAt: r.finishedAt as string,
    questions,
    score: r.score as number,
    passMark: typeof r.passMark === 'number' ? r.passMark : null,
    passed: typeof r.passed === 'boolean' ? r.passed : null,
    incomplete: r.incomplete === true,
    timeLimitMs: typeof r.timeLimitMs === 'number' ? r.timeLimitMs : null,
  };
  return { file, report };
}

/** The name `grade` shows: the report's student, else the file name. */
export function studentName(loaded: LoadedReport): string {
  // A file name is data too (a learner chooses it): neutralised like its content.
  return loaded.report.student ?? sanitizeLine(basename(loaded.file).replace(/\.json$/i, ''));
}
