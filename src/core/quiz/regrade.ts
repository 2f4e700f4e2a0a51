/**
 * A report's score, recomputed instead of trusted (`grade` reads files that
 * learners wrote and could edit): with the bank whose content hash the
 * report names, each response is graded again as the seed presented the
 * question; without it, from the per-question results. Passed follows from
 * the recomputed score. Whatever disagrees with what the file says is
 * listed, for the instructor to see. A question listed twice counts once,
 * and a practice or exam report whose questions are not the ones its seed
 * draws from the bank (some taken out, or others put in) is flagged: the
 * seed and the bank decide the questions, not the file. Pure.
 */
import { isCorrect, responseShapeError } from './answers.js';
import { orderBank, presentQuestion } from './draw.js';
import { type QuizReport, scorePercent } from './grading.js';
import { modeRules } from './mode-rules.js';
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
  const repeats = new Map<string, number>();
  for (const q of report.questions) {
    if (correct.has(q.id)) {
      repeats.set(q.id, (repeats.get(q.id) ?? 1) + 1);
      continue;
    }
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
  // Once per question: a copy of a right answer pasted into the file scores nothing.
  const score = scorePercent([...correct.values()].map((right) => ({ points: right ? 1 : 0 })));
  const passed = report.passMark === null ? null : score >= report.passMark;
  if (wronglyRight > 0) flags.push(`${wronglyRight} answer${wronglyRight === 1 ? '' : 's'} marked right that the bank grades wrong`);
  if (unknown > 0) flags.push(`${unknown} question${unknown === 1 ? '' : 's'} not in the bank`);
  for (const [id, times] of repeats) flags.push(`question ${id} listed ${times} times: counted once`);
  const overtime = overTimeLimit(report);
  if (overtime) flags.push(overtime);
  if (bank && unknown === 0) {
    const drift = drawDrift(report, bank, [...correct.keys()]);
    if (drift) flags.push(drift);
  }
  if (Math.abs(report.score - score) > 0.005) flags.push(`score written ${report.score}, recomputed ${score}`);
  if (report.passed !== passed) flags.push(`passed written ${String(report.passed)}, recomputed ${String(passed)}`);
  return { score, passed, correct, verified: bank !== undefined && unknown === 0, flags };
}

/**
 * Practice and exam questions are the first N of the seed's order of the
 * bank (draw.ts), so the ids a report lists can be checked: a file missing
 * a question it was asked, or holding one it was not, no longer matches.
 * Review draws from the learner's own boxes: nothing to compare with.
 */
function drawDrift(report: QuizReport, bank: ReadonlyMap<string, Question>, ids: readonly string[]): string | undefined {
  if (modeRules(report.mode).order !== 'seeded-draw' || ids.length === 0) return undefined;
  const drawn = orderBank([...bank.values()], report.seed)
    .slice(0, ids.length)
    .map((q) => q.id);
  const listed = new Set(ids);
  const missing = drawn.filter((id) => !listed.has(id)).length;
  if (missing === 0) return undefined;
  return `${missing} of the ${ids.length} questions listed are not the ones seed ${report.seed} draws from the bank (questions taken out or put in)`;
}

/** A sitting ends when its time limit runs out (a second's slack for the clock): a longer one was edited, or not timed. */
function overTimeLimit(report: QuizReport): string | undefined {
  if (report.timeLimitMs === null) return undefined;
  const taken = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  if (!Number.isFinite(taken) || taken <= report.timeLimitMs + 1000) return undefined;
  return `took ${Math.round(taken / 1000)} s, over the time limit of ${Math.round(report.timeLimitMs / 1000)} s`;
}
