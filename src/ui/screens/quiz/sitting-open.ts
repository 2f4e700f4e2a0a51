/**
 * Opening a sitting the app draws itself (the quiz menu's practice, exam and
 * review): load the bank, draw the questions, settle the report's metadata.
 * On its own, imported when first needed (quiz-screen.tsx), because the bank
 * loader brings the YAML parser and node:crypto: `fence-tutor quiz` brings
 * its questions drawn in the route, and its first frame need neither (issue 18).
 */
import { randomInt } from 'node:crypto';
import { drawQuestions, presentQuestion } from '../../../core/quiz/draw.js';
import { passMarkFor } from '../../../core/quiz/grading.js';
import { dueIds } from '../../../core/quiz/leitner.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import type { DrawnQuestion } from '../../../core/quiz/types.js';
import { loadQuizArgWithContent } from '../../../content/quiz/quiz-loader.js';
import { toolVersion } from '../../../platform/package-root.js';
import { loadReview } from '../../../reports/review-store.js';
import type { SittingMeta } from '../../../store/quiz-store.js';
import type { OpenedSitting, SittingRequest } from './sitting.js';

/**
 * Draws the questions: practice and exam by the seed (the same draw as
 * `quiz --export json --seed N`), review from the learner's due boxes.
 */
export function openSitting(req: SittingRequest, options: { now: number; dir?: string }): OpenedSitting {
  const bank = req.bank ?? loadQuizArgWithContent(req.quiz, req.content);
  const seed = req.seed ?? randomInt(0, 2 ** 31);
  let questions: DrawnQuestion[];
  if (modeRules(req.mode).order === 'due-reviews') {
    const byId = new Map(bank.questions.map((q) => [q.id, q]));
    const due = dueIds(loadReview(options.dir), new Date(options.now), new Set(byId.keys()));
    const taken = req.count === undefined ? due : due.slice(0, Math.max(0, req.count));
    questions = taken.map((id) => presentQuestion(byId.get(id)!, seed));
    if (questions.length === 0) {
      return { empty: 'Nothing is due for review. Questions you get wrong come back here, spaced out over days.' };
    }
  } else {
    questions = drawQuestions(bank.questions, seed, req.count);
    if (questions.length === 0) return { empty: 'This quiz has no questions to ask (count 0).' };
  }
  const meta: SittingMeta = {
    quiz: bank.id,
    contentHash: bank.contentHash,
    seed,
    mode: req.mode,
    student: req.student ?? null,
    passMark: passMarkFor(req.mode, req.passMark),
    timeLimitMs: modeRules(req.mode).timer ? (req.timeLimitMs ?? null) : null,
    version: toolVersion(),
    title: bank.title,
  };
  return { questions, meta, bank };
}
