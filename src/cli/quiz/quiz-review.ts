/**
 * Review mode outside the app: the questions due in the learner's review
 * boxes (most overdue first), presented with the sitting's seed.
 */
import { presentQuestion } from '../../core/quiz/draw.js';
import { dueIds } from '../../core/quiz/leitner.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import { loadReview } from '../../reports/review-store.js';
import type { QuizPlan } from './quiz-settings.js';

export function drawReview(plan: QuizPlan, seed: number, now: Date): DrawnQuestion[] {
  const byId = new Map(plan.bankQuestions.map((q) => [q.id, q]));
  const due = dueIds(loadReview(), now, new Set(byId.keys()));
  const taken = plan.count === undefined ? due : due.slice(0, plan.count);
  return taken.map((id) => presentQuestion(byId.get(id)!, seed));
}
