/**
 * A report graded against the instructor's own copy of its assignment
 * (`grade --assignment FILE`, issue 38, D9): the terms come from that file,
 * never from the report, so what a student edits in their report (a
 * question deleted, the pass mark lowered, the time limit removed, another
 * seed) is flagged even when the report is graded alone, and its score and
 * verdict depend on nothing but the report and the assignment. What this
 * cannot see (answers rewritten from the exported key) is said in
 * docs/instructors.md. Pure.
 */
import { isCorrect, responseShapeError } from './answers.js';
import { orderBank, presentQuestion } from './draw.js';
import { type QuizReport, scorePercent } from './grading.js';
import type { Question } from './types.js';

/** What an assignment fixes for every sitting (the fields of an assignment file). */
export interface AssignmentTerms {
  quiz: string;
  contentHash: string;
  mode: string;
  /** null: each student drew their own, recorded in the report. */
  seed: number | null;
  count: number | null;
  timeLimitMs: number | null;
  passMark: number | null;
  questions: readonly Question[];
}

export interface AssignmentVerdict {
  /** Right answers over the questions the assignment asked (a missing one is wrong), percent. */
  score: number;
  passed: boolean | null;
  flags: string[];
}

// "absent": the setting was taken out of the report (or the assignment has none).
const show = (v: number | null, unit = '') => (v === null ? 'absent' : `${v}${unit}`);

export function gradeAgainstAssignment(report: QuizReport, terms: AssignmentTerms): AssignmentVerdict {
  const flags: string[] = [];
  if (report.quiz !== terms.quiz || report.contentHash !== terms.contentHash) {
    flags.push(
      `not a sitting of this assignment: quiz ${report.quiz}@${report.contentHash.slice(0, 12)}, the assignment's is ${terms.quiz}@${terms.contentHash.slice(0, 12)}`,
    );
  }
  if (report.mode !== terms.mode) flags.push(`mode ${report.mode}, the assignment's is ${terms.mode}`);
  if (terms.seed !== null && report.seed !== terms.seed) flags.push(`seed ${report.seed}, the assignment's is ${terms.seed}`);
  if (report.passMark !== terms.passMark) flags.push(`pass mark ${show(report.passMark, '%')}, the assignment's is ${show(terms.passMark, '%')}`);
  if (report.timeLimitMs !== terms.timeLimitMs) {
    flags.push(`time limit ${show(report.timeLimitMs, ' ms')}, the assignment's is ${show(terms.timeLimitMs, ' ms')}`);
  }
  const taken = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  if (terms.timeLimitMs !== null && Number.isFinite(taken) && taken > terms.timeLimitMs + 1000) {
    flags.push(`took ${Math.round(taken / 1000)} s, over the assignment's time limit of ${Math.round(terms.timeLimitMs / 1000)} s`);
  }
  // The questions this sitting was asked: the seed's order of the assignment's questions, the first `count`.
  const seed = terms.seed ?? report.seed;
  const asked = orderBank(terms.questions, seed).slice(0, terms.count ?? terms.questions.length);
  const answered = new Map(report.questions.map((q) => [q.id, q]));
  const missing = asked.filter((q) => !answered.has(q.id));
  if (missing.length > 0) {
    flags.push(
      `${missing.length} of the assignment's ${asked.length} questions missing from the report (${missing.map((q) => q.id).join(', ')}): counted wrong`,
    );
  }
  const askedIds = new Set(asked.map((q) => q.id));
  const extra = [...answered.keys()].filter((id) => !askedIds.has(id));
  if (extra.length > 0) flags.push(`${extra.length} question${extra.length === 1 ? '' : 's'} the assignment did not ask (${extra.join(', ')}): not counted`);
  const results = asked.map((q) => {
    const response = answered.get(q.id)?.response ?? null;
    const drawn = presentQuestion(q, seed);
    return { points: response !== null && responseShapeError(drawn, response) === null && isCorrect(drawn, response) ? 1 : 0 };
  });
  const score = scorePercent(results);
  const passed = terms.passMark === null ? null : score >= terms.passMark;
  if (Math.abs(report.score - score) > 0.005) flags.push(`score written ${report.score}, graded against the assignment ${score}`);
  if (report.passed !== passed) flags.push(`passed written ${String(report.passed)}, graded against the assignment ${String(passed)}`);
  return { score, passed, flags };
}
