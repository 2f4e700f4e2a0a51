/**
 * The end of a sitting: builds the report through the core's grading,
 * saves it and moves the review boxes (each failure said in `saveError`,
 * neither stopping the other), then shows the summary. Once per sitting.
 */
import { buildReport, type QuestionResult } from '../../core/quiz/grading.js';
import { results as sessionResults, type SessionState } from '../../core/quiz/session.js';
import { errorMessage } from '../../platform/error-message.js';
import { ReportNotSaved } from '../quiz-state.js';
import type { QuizGet, QuizSet, SittingSettings } from './sitting-context.js';

export function finalizeSitting({ meta, questions, clock, persist }: SittingSettings, session: SessionState, set: QuizSet, get: QuizGet): void {
  if (get().report) return;
  const results: QuestionResult[] = sessionResults(session);
  const incomplete = session.endReason === 'left';
  const report = buildReport({
    version: meta.version,
    quiz: meta.quiz,
    contentHash: meta.contentHash,
    seed: meta.seed,
    mode: meta.mode,
    student: meta.student,
    startedAt: session.startedAt,
    finishedAt: session.finishedAt ?? clock(),
    results,
    passMark: meta.passMark,
    incomplete,
    timeLimitMs: meta.timeLimitMs,
    expired: session.endReason === 'expired',
    title: meta.title,
    ...(meta.assignment ? { assignment: meta.assignment } : {}),
  });
  let savedTo: string[] = [];
  let saveError: string | null = null;
  const answered = (i: number) => (session.answers[i]?.attempts ?? 0) > 0;
  // Left before answering anything: nothing worth a report.
  const worthSaving = !incomplete || results.some((_r, i) => answered(i));
  try {
    if (worthSaving) savedTo = persist?.saveReport(report, questions) ?? [];
  } catch (err) {
    saveError = errorMessage(err);
    if (err instanceof ReportNotSaved) savedTo = [...err.savedTo];
  }
  // The review boxes are recorded even when a report copy failed.
  try {
    // Left early: only what was answered moves between boxes. Finished
    // (or expired): unanswered questions count as wrong, so they too.
    const counted = results.filter((_r, i) => !incomplete || answered(i));
    if (counted.length > 0)
      persist?.recordReview(
        counted.map((r) => ({ id: r.id, correct: r.correct })),
        new Date(session.finishedAt ?? clock()),
      );
  } catch (err) {
    const review = `the review boxes could not be updated: ${errorMessage(err)}`;
    saveError = saveError ? `${saveError}; ${review}` : review;
  }
  set({ session, phase: 'summary', report, savedTo, saveError, confirm: null, feedback: null, hintShown: null });
}
