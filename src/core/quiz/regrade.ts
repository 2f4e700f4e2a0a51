/**
 * A report's score, recomputed instead of trusted (`grade` reads files that
 * learners wrote and could edit): with the bank whose content hash the
 * report names, each response is graded again as the seed presented the
 * question; without it, from the per-question results. Passed follows from
 * the recomputed score. Whatever disagrees with what the file says is
 * listed, for the instructor to see. Pure.
 */
import { isCorrect, responseShapeError } from './answers.js';
import { presentQuestion } from './draw.js';
import { type QuizReport, scorePercent } from './grading.js';
import type { Question } from './types.js';

export interface Regraded {
  score: number;
  passed: boolean | null;
  /** Per question id, right or not as recomputed. */
  correct: Map<string, boolean>;
  /** True when every response was checked against the bank. */
  verified: boolean;
  /** What the file claims that the recomputation does not confirm. */
  flags: string[];
}

export function regradeReport(report: QuizReport, bank?: ReadonlyMap<string, Question>): Regraded {
  const correct = new Map<string, boolean>();
  const flags: string[] = [];
  let wronglyRight = 0;
  let unknown = 0;
  for (const q of report.questions) {
    const source = bank?.get(q.id);
    let right = q.correct;
    if (bank && !source) unknown++;
    if (source) {
      const drawn = presentQuestion(source, report.seed);
      right = q.response !== null && responseShapeError(drawn, q.response) === null && isCorrect(drawn, q.response);
      if (q.correct && !right) wronglyRight++;
    }
    correct.set(q.id, right);
  }
  const score = scorePercent(report.questions.map((q) => ({ points: correct.get(q.id) ? 1 : 0 })));
  const passed = report.passMark === null ? null : score >= report.passMark;
  if (wronglyRight > 0) flags.push(`${wronglyRight} answer${wronglyRight === 1 ? '' : 's'} marked right that the bank grades wrong`);
  if (unknown > 0) flags.push(`${unknown} question${unknown === 1 ? '' : 's'} not in the bank`);
  if (Math.abs(report.score - score) > 0.005) flags.push(`score written ${report.score}, recomputed ${score}`);
  if (report.passed !== passed) flags.push(`passed written ${String(report.passed)}, recomputed ${String(passed)}`);
  return { score, passed, correct, verified: bank !== undefined && unknown === 0, flags };
}
