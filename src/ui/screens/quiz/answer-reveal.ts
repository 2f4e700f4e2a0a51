/**
 * When practice feedback shows the right answer (issue 33): a wrong first
 * try offers the retry and keeps the answer back, so the retry is a real
 * one; the answer shows on request (a), after a second wrong try, or when no
 * retry is left. A right answer, and modes without retries, show it at once.
 */
import type { QuizFields } from '../../../store/quiz-store.js';

export function answerShown(state: QuizFields, requested: boolean): boolean {
  const fb = state.feedback;
  if (!fb || fb.correct || !fb.canRetry || requested) return true;
  return (state.session.answers[state.session.current]?.attempts ?? 0) >= 2;
}
