/**
 * From `quiz` flags (and an assignment file) to one plan: which questions,
 * which seed, which mode, pass mark, time limit and outputs. Every bad value
 * or contradiction is a UsageError (exit 2) saying what to write instead.
 */
import { basename } from 'node:path';
import { passMarkFor, type QuizMode, QUIZ_MODES } from '../../core/quiz/grading.js';
import { modeRules } from '../../core/quiz/mode-rules.js';
import { isValidSeed, MAX_SEED } from '../../core/quiz/rng.js';
import type { Question, QuizBank } from '../../core/quiz/types.js';
import type { Assignment } from '../../content/assignment/assignment-loader.js';
import type { ReportFormat } from '../../reports/report-io.js';
import { UsageError } from '../../platform/errors.js';

export interface QuizFlags {
  quiz?: string;
  mode?: string;
  seed?: string;
  count?: string;
  timeLimit?: string;
  pass?: string;
  student?: string;
  answers?: string;
  report?: string;
  format?: string;
  export?: string;
  assignment?: string;
  /** Global: an instructor's content directory. */
  content?: string;
}

export type ExportKind = 'json' | 'sheet' | 'gift';

export interface QuizPlan {
  quiz: string;
  title?: string | undefined;
  contentHash: string;
  /** Every question of the bank (or of the assignment). */
  bankQuestions: Question[];
  mode: QuizMode;
  /** Undefined until decided (an answers file may carry it). */
  seed: number | undefined;
  seedGiven: boolean;
  count: number | undefined;
  timeLimitMs: number | null;
  passMark: number | null;
  student: string | null;
  answers?: string | undefined;
  report?: string | undefined;
  format?: ReportFormat | undefined;
  export?: ExportKind | undefined;
  assignment?: { file: string; title: string | null };
}

/** `90s`, `15m`, `1h` or plain seconds, to milliseconds. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|h)?\s*$/i.exec(text);
  const unit = { s: 1000, m: 60_000, h: 3_600_000 } as const;
  if (!m) throw new UsageError(`--time-limit ${JSON.stringify(text)} is not a duration; write 90s, 15m, 1h or plain seconds such as 600`);
  const ms = Math.round(Number(m[1]) * unit[(m[2] ?? 's').toLowerCase() as 's' | 'm' | 'h']);
  if (ms <= 0) throw new UsageError('--time-limit must be longer than zero; write for example 15m');
  return ms;
}

export function parsePercent(text: string): number {
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || v < 0 || v > 100) {
    throw new UsageError(`--pass ${JSON.stringify(text)} is not a percentage; write a number from 0 to 100, e.g. --pass 80`);
  }
  return v;
}

export function parseSeed(text: string): number {
  const v = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!isValidSeed(v)) throw new UsageError(`--seed ${JSON.stringify(text)} is not a seed; write an integer from 0 to ${MAX_SEED}`);
  return v;
}

export function parseCount(text: string): number {
  const v = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(v) || v < 1) throw new UsageError(`--count ${JSON.stringify(text)} is not a count; write a whole number of questions, 1 or more`);
  return v;
}

function oneOf<T extends string>(flag: string, value: string, options: readonly T[]): T {
  if ((options as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} ${JSON.stringify(value)} is not one of ${options.join(', ')}; write for example ${flag} ${options[0]}`);
}

/**
 * Where planQuiz gets the bank and an assignment: passed in (quiz-sources.ts)
 * so that this module loads no content parser; the shipped bank may come
 * from the build's snapshot.
 */
export interface PlanSources {
  loadBank(quiz: string | undefined, content: string | undefined): QuizBank;
  loadAssignment(file: string): Assignment;
}

export function planQuiz(flags: QuizFlags, sources: PlanSources): QuizPlan {
  const format = flags.format === undefined ? undefined : oneOf('--format', flags.format, ['json', 'junit'] as const);
  const exportKind = flags.export === undefined ? undefined : oneOf('--export', flags.export, ['json', 'sheet', 'gift'] as const);
  if (exportKind && flags.answers) throw new UsageError('--export prints the questions; it does not sit the quiz. Drop --answers (or --export)');
  if (exportKind && (flags.report || format))
    throw new UsageError('--export prints to stdout; drop --report and --format (redirect the output to a file instead)');
  const seedFlag = flags.seed === undefined ? undefined : parseSeed(flags.seed);
  const countFlag = flags.count === undefined ? undefined : parseCount(flags.count);
  const limitFlag = flags.timeLimit === undefined ? undefined : parseDuration(flags.timeLimit);
  const passFlag = flags.pass === undefined ? undefined : parsePercent(flags.pass);
  const modeFlag = flags.mode === undefined ? undefined : oneOf('--mode', flags.mode, QUIZ_MODES);
  const student = flags.student === undefined ? null : flags.student.trim() || null;
  const outputs = {
    answers: flags.answers,
    report: flags.report,
    format,
    export: exportKind,
  };

  if (flags.assignment !== undefined) {
    const a = sources.loadAssignment(flags.assignment);
    refuseContradictions(a, flags.assignment, { quiz: flags.quiz, mode: modeFlag, seed: seedFlag, count: countFlag, limit: limitFlag, pass: passFlag });
    return {
      quiz: a.quiz,
      ...(a.title !== null ? { title: a.title } : {}),
      contentHash: a.contentHash,
      bankQuestions: a.questions,
      mode: a.mode,
      seed: a.seed ?? seedFlag,
      seedGiven: a.seed !== null || seedFlag !== undefined,
      count: a.count ?? undefined,
      timeLimitMs: a.timeLimitMs,
      passMark: modeRules(a.mode).passMark ? (a.passMark ?? passMarkFor(a.mode, undefined)) : null,
      student,
      assignment: { file: basename(flags.assignment), title: a.title },
      ...outputs,
    };
  }

  const mode = modeFlag ?? 'practice';
  if (passFlag !== undefined && !modeRules(mode).passMark)
    throw new UsageError(`--pass applies to exams only (${mode} has no pass mark); add --mode exam or drop --pass`);
  if (!modeRules(mode).exportable && exportKind)
    throw new UsageError('review draws from your own history, so there is nothing fixed to export; use --mode practice or exam with --export');
  const bank = sources.loadBank(flags.quiz, flags.content);
  return {
    quiz: bank.id,
    title: bank.title,
    contentHash: bank.contentHash,
    bankQuestions: bank.questions,
    mode,
    seed: seedFlag,
    seedGiven: seedFlag !== undefined,
    count: countFlag,
    timeLimitMs: limitFlag ?? null,
    passMark: passMarkFor(mode, passFlag),
    student,
    ...outputs,
  };
}

function refuseContradictions(
  a: Assignment,
  file: string,
  f: {
    quiz: string | undefined;
    mode: QuizMode | undefined;
    seed: number | undefined;
    count: number | undefined;
    limit: number | undefined;
    pass: number | undefined;
  },
): void {
  const clash = (flag: string, value: unknown, fixed: unknown) =>
    new UsageError(
      `${flag} ${String(value)} contradicts the assignment ${file}, which sets ${fixed === null ? 'none' : String(fixed)}; drop ${flag}: an assignment runs exactly as written`,
    );
  if (f.quiz !== undefined) throw new UsageError(`--quiz cannot be combined with --assignment: the assignment ${file} embeds its own questions; drop --quiz`);
  if (f.mode !== undefined && f.mode !== a.mode) throw clash('--mode', f.mode, a.mode);
  if (f.seed !== undefined && a.seed !== null && f.seed !== a.seed) throw clash('--seed', f.seed, a.seed);
  if (f.count !== undefined && f.count !== a.count) throw clash('--count', f.count, a.count);
  if (f.limit !== undefined && f.limit !== a.timeLimitMs) throw clash('--time-limit', `${f.limit} ms`, a.timeLimitMs === null ? null : `${a.timeLimitMs} ms`);
  const pass = modeRules(a.mode).passMark ? (a.passMark ?? passMarkFor(a.mode, undefined)) : null;
  if (f.pass !== undefined && f.pass !== pass) throw clash('--pass', f.pass, pass);
}
