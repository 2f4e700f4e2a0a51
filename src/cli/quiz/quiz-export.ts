/**
 * `quiz --export json|sheet|gift`: the text printed for a plan with an
 * export. Apart from quiz-run.ts so that the fast command path
 * (fast-path.ts) prints it from the build's bank without loading the rest
 * of the quiz.
 */
import { drawQuestions } from '../../core/quiz/draw.js';
import { toolVersion } from '../../platform/package-root.js';
import { exportKey, exportSheet } from '../../reports/export.js';
import { toGift } from '../../reports/gift.js';
import { toJson } from '../json-output.js';
import type { ExportKind, QuizPlan } from './quiz-settings.js';

export function exportText(plan: QuizPlan, kind: ExportKind): string {
  const seed = plan.seed ?? 0;
  const meta = { quiz: plan.quiz, contentHash: plan.contentHash, seed, version: toolVersion() };
  if (kind === 'json') return `${toJson(exportKey(meta, drawQuestions(plan.bankQuestions, seed)))}\n`;
  if (kind === 'sheet') {
    const count = plan.count === undefined ? {} : { count: plan.count };
    return `${toJson(exportSheet({ ...meta, ...count }, drawQuestions(plan.bankQuestions, seed, plan.count)))}\n`;
  }
  return toGift(drawQuestions(plan.bankQuestions, seed), meta);
}
