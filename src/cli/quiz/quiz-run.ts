/**
 * `fence-tutor quiz`: decide the plan, then one of: print an export, sit
 * the quiz from an answers file, open the app, or ask plain prompts on a
 * terminal. Exit 0 passed (or practice finished), 1 not passed, 2 bad input.
 */
import { isCorrect } from '../../core/quiz/answers.js';
import { drawQuestions } from '../../core/quiz/draw.js';
import { buildReport, gradeOne, type QuizReport } from '../../core/quiz/grading.js';
import { modeRules } from '../../core/quiz/mode-rules.js';
import * as S from '../../core/quiz/session.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import { toolVersion } from '../../platform/package-root.js';
import { onCleanup } from '../../platform/cleanup.js';
import { saveReportToDataDir } from '../../reports/report-io.js';
import { recordReviewResults } from '../../reports/review-store.js';
import { UsageError } from '../../platform/errors.js';
import { EXIT } from '../../platform/exit-codes.js';
import { NeedsYamlLines, parsePlainJson } from '../../content/shared/json-plain.js';
import type { ParsedYaml } from '../../content/shared/yaml.js';
import type { AnswersFileHeader } from '../../content/quiz/answers-read.js';
import { exportText } from './quiz-export.js';
import { emitReport, type Out, processOut, promptTitle } from './quiz-output.js';
import { drawReview } from './quiz-review.js';
import { drawSeed } from './quiz-seed.js';
import { type QuizFlags, type QuizPlan, planQuiz } from './quiz-settings.js';
import { planSources } from './quiz-sources.js';
import type { Display } from '../../platform/display.js';
import type { GlobalFlags } from '../../platform/global-flags.js';
import { errorMessage } from '../../platform/error-message.js';
import { loadRunApp } from '../load-app.js';

export interface QuizContext {
  display: Display;
  flags: GlobalFlags;
  out?: Out;
  now?: () => number;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

function draw(plan: QuizPlan, seed: number, now: number): DrawnQuestion[] {
  if (modeRules(plan.mode).order === 'due-reviews') return drawReview(plan, seed, new Date(now));
  return drawQuestions(plan.bankQuestions, seed, plan.count);
}

function reportFor(
  plan: QuizPlan,
  seed: number,
  results: QuizReport['questions'],
  t: { startedAt: number; finishedAt: number; incomplete: boolean; expired?: boolean },
): QuizReport {
  return buildReport({
    version: toolVersion(),
    quiz: plan.quiz,
    contentHash: plan.contentHash,
    seed,
    mode: plan.mode,
    student: plan.student,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    results,
    passMark: plan.passMark,
    incomplete: t.incomplete,
    timeLimitMs: plan.timeLimitMs,
    ...(t.expired ? { expired: true } : {}),
    title: plan.title,
    assignment: plan.assignment,
  });
}

export async function runQuiz(flags: QuizFlags, ctx: QuizContext): Promise<number> {
  const out = { ...(ctx.out ?? processOut), ascii: ctx.display.ascii };
  const now = ctx.now ?? Date.now;
  const plan = planQuiz(flags, await planSources(flags));

  if (plan.export) {
    // A sheet is what a student sits: without a seed it draws one (as a sitting does) and records it,
    // so students of an open assignment do not all get seed 0's order and share one set of answers.
    if (plan.export === 'sheet' && plan.seed === undefined) {
      const seed = drawSeed();
      out.stdout(exportText({ ...plan, seed }, 'sheet'));
      out.stderr(`No --seed: this sheet is for seed ${seed}, recorded in it ("seed"); quiz --answers reads it from there.\n`);
      return EXIT.ok;
    }
    out.stdout(exportText(plan, plan.export));
    return EXIT.ok;
  }

  if (plan.count !== undefined && modeRules(plan.mode).order === 'seeded-draw' && plan.count > plan.bankQuestions.length) {
    out.stderr(`Note: the bank has ${plan.bankQuestions.length} questions, fewer than --count ${plan.count}; all of them are asked.\n`);
  }
  if (plan.answers !== undefined) return sitWithAnswers(plan, out, now);

  const stdin = ctx.stdin ?? process.stdin;
  const seed = plan.seed ?? drawSeed();
  if (ctx.display.interactive) {
    const drawn = draw(plan, seed, now());
    const { runApp } = await loadRunApp();
    return runApp({
      route: {
        screen: 'quiz',
        mode: plan.mode,
        quiz: plan.quiz,
        title: plan.title,
        contentHash: plan.contentHash,
        seed,
        count: plan.count ?? null,
        timeLimitMs: plan.timeLimitMs,
        passMark: plan.passMark,
        student: plan.student,
        report: plan.report ?? null,
        format: plan.format ?? null,
        assignment: plan.assignment ?? null,
        questions: drawn,
      },
      display: ctx.display,
      flags: ctx.flags,
    });
  }
  if (!stdin.isTTY) {
    throw new UsageError(
      'there is no terminal to ask the questions on. To sit the quiz without one, use --answers FILE (a template: `fence-tutor quiz --export sheet --seed N`); or run the command in a terminal',
    );
  }
  return sitPlain(plan, seed, out, now, stdin, ctx.display.columns);
}

/** The answers file parsed: as plain JSON when it is (no YAML parser to load), else by parseYaml. */
async function parseAnswers(text: string, file: string, plainFirst: boolean): Promise<ParsedYaml> {
  const plain = plainFirst ? parsePlainJson(text, file) : undefined;
  if (plain) return plain;
  const { parseYaml } = await import('../../content/shared/yaml.js');
  return parseYaml(text, file);
}

async function sitWithAnswers(plan: QuizPlan, out: Out, now: () => number): Promise<number> {
  const { readAnswers, readAnswersHeaderFrom, readAnswersText } = await import('../../content/quiz/answers-read.js');
  const file = plan.answers!;
  const text = readAnswersText(file);
  const sit = (parsed: ParsedYaml) => {
    const header = readAnswersHeaderFrom(parsed);
    if (plan.seed !== undefined && header.seed !== undefined && header.seed !== plan.seed) {
      throw new UsageError(
        `${file} was written for seed ${header.seed}, but this quiz runs with seed ${plan.seed}: option numbers differ between seeds. Use --seed ${header.seed}, or remove "seed" from the file`,
      );
    }
    const sitting = sheetSitting(plan, header);
    const seed = plan.seed ?? header.seed ?? drawSeed();
    const startedAt = now();
    const drawn = draw(sitting, seed, startedAt);
    if (modeRules(plan.mode).order === 'due-reviews' && drawn.length === 0) return undefined;
    const responses = readAnswers(header, drawn, new Set(plan.bankQuestions.map((q) => q.id)), plan.quiz);
    const ignored = answeredButNotDrawn(header, drawn);
    if (ignored > 0) {
      out.stderr(
        `Note: ${file} answers ${ignored} question${ignored === 1 ? '' : 's'} this sitting did not ask (seed ${seed}, ${drawn.length} questions): ignored.\n`,
      );
    }
    return { header, seed, startedAt, drawn, responses };
  };
  let sat: ReturnType<typeof sit>;
  try {
    sat = sit(await parseAnswers(text, file, true));
  } catch (err) {
    // A problem found on plain JSON is reported from parseYaml's reading, with its line.
    if (!(err instanceof NeedsYamlLines)) throw err;
    sat = sit(await parseAnswers(text, file, false));
  }
  if (!sat) {
    out.stderr('Nothing is due for review.\n');
    return EXIT.ok;
  }
  const { header, seed, startedAt, drawn, responses } = sat;
  const results = drawn.map((q) => {
    const r = responses.get(q.id) ?? null;
    return gradeOne(q, r, 0, r === null ? 0 : 1);
  });
  const student = plan.student ?? header.student ?? null;
  const report = reportFor({ ...plan, student }, seed, results, { startedAt, finishedAt: now(), incomplete: false });
  if (modeRules(plan.mode).answersFileMovesBoxes) recordReviewResults(results, new Date(startedAt));
  return emitReport(plan, report, drawn, out);
}

/**
 * A sheet names the bank, its version and the count it was exported with:
 * sat against another quiz or bank version its option numbers mean other
 * options, and without its count every question it does not list would count
 * as wrong. So those are refused, and the count is taken from the sheet.
 */
function sheetSitting(plan: QuizPlan, header: AnswersFileHeader): QuizPlan {
  const file = header.file;
  if (header.quiz !== undefined && header.quiz !== plan.quiz) {
    throw new UsageError(
      `${file} was exported for the quiz "${header.quiz}", but this sitting is of "${plan.quiz}": its questions and option numbers are another quiz's. Sit it with --quiz ${header.quiz} (or the --assignment it came from), or export a sheet for "${plan.quiz}"`,
    );
  }
  if (header.contentHash !== undefined && header.contentHash !== plan.contentHash) {
    throw new UsageError(
      `${file} was exported from another version of the quiz "${plan.quiz}" (content ${header.contentHash.slice(0, 12)}, now ${plan.contentHash.slice(0, 12)}): its option numbers may mean other options. Export a new sheet with --export sheet and answer it again`,
    );
  }
  if (header.count === undefined || modeRules(plan.mode).order !== 'seeded-draw') return plan;
  if (plan.count !== undefined && Math.min(plan.count, plan.bankQuestions.length) !== header.count) {
    throw new UsageError(
      `${file} was exported with --count ${header.count}, but this sitting has --count ${plan.count}: it would ask other questions than the sheet lists. Use --count ${header.count} (or leave --count out: the sheet's count is used), or remove "count" from the file`,
    );
  }
  return { ...plan, count: header.count };
}

/** Answers given (not null) for bank questions the sitting did not draw. */
function answeredButNotDrawn(header: AnswersFileHeader, drawn: readonly DrawnQuestion[]): number {
  const asked = new Set(drawn.map((q) => q.id));
  const answers = (header.parsed.data as { answers: Record<string, unknown> }).answers;
  return Object.entries(answers).filter(([id, v]) => v !== null && !asked.has(id)).length;
}

async function sitPlain(plan: QuizPlan, seed: number, out: Out, now: () => number, stdin: NodeJS.ReadableStream, columns: number): Promise<number> {
  const drawn = draw(plan, seed, now());
  if (drawn.length === 0) {
    out.stdout(modeRules(plan.mode).order === 'due-reviews' ? 'Nothing is due for review. Come back later.\n' : 'This quiz has no questions.\n');
    return EXIT.ok;
  }
  const dot = out.ascii ? '-' : '·';
  const heading = `Quiz ${plan.title ?? plan.quiz} ${dot} ${drawn.length} question${drawn.length === 1 ? '' : 's'} ${dot} ${plan.mode} ${dot} seed ${seed}`;
  // Readline handles Ctrl-C itself; a SIGTERM (or SIGHUP) mid-quiz still saves an incomplete report.
  let latest: { state: S.SessionState } | null = null;
  const finishReport = (state: S.SessionState, incomplete: boolean) =>
    reportFor(plan, seed, S.results(state), {
      startedAt: state.startedAt,
      finishedAt: state.finishedAt ?? now(),
      incomplete,
      expired: state.endReason === 'expired',
    });
  const unregister = onCleanup(() => {
    if (latest && plan.report) emitReport(plan, finishReport(S.leave(latest.state, now()), true), drawn, out, false);
  });
  // Loaded only here: readline is no part of the other paths (quiz --answers is timed, issue 18).
  const { runPlainQuiz } = await import('./quiz-plain.js');
  const outcome = await runPlainQuiz(
    {
      questions: drawn,
      mode: plan.mode,
      timeLimitMs: plan.timeLimitMs,
      passMark: plan.passMark,
      heading,
      onState: (state) => {
        latest = { state };
      },
    },
    { input: stdin, output: process.stdout, now, columns },
  );
  latest = null;
  unregister();
  const report = finishReport(outcome.state, outcome.left);
  out.stdout('\n');
  // Without feedback along the way, the misses are listed at the end.
  if (!modeRules(plan.mode).feedback) {
    for (const [i, q] of drawn.entries()) {
      const r = report.questions[i]!;
      if (!r.correct) out.stdout(`Missed ${i + 1}. ${promptTitle(q.prompt, 60, out.ascii)}: ${q.explanation} (Source: ${q.source})\n`);
    }
  }
  // The data directory's copy first: a --report path that cannot be written must not lose the sitting.
  let saved: string | undefined;
  try {
    saved = saveReportToDataDir(report);
    recordReviewResults(
      drawn.map((q, i) => ({
        id: q.id,
        correct: isCorrect(q, modeRules(plan.mode).counts === 'last' ? outcome.state.answers[i]!.current : outcome.state.answers[i]!.first),
      })),
      new Date(report.finishedAt),
    );
  } catch (err) {
    out.stderr(`warning: could not save the report or review boxes in the data directory: ${errorMessage(err)}\n`);
  }
  let status: number;
  try {
    status = emitReport(plan, report, drawn, out);
  } catch (err) {
    if (err instanceof UsageError && saved !== undefined) throw new UsageError(`${err.message}. Your report is kept in ${saved}`);
    throw err;
  }
  return outcome.left ? EXIT.interrupted : status;
}
