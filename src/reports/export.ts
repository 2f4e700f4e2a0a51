/**
 * `--export json` (the instructor's answer key for one seed) and
 * `--export sheet` (what a learner or script fills in for `--answers`).
 */
import { stepsBlock } from '../core/quiz/predict-steps.js';
import { expectedShape } from '../core/quiz/answers.js';
import type { DrawnQuestion } from '../core/quiz/types.js';

export interface ExportMeta {
  quiz: string;
  contentHash: string;
  seed: number;
  version: string;
  /** The sheet's `--count`, recorded so that `--answers` sits the same questions. */
  count?: number;
}

export function exportKey(meta: ExportMeta, questions: readonly DrawnQuestion[]) {
  return {
    schemaVersion: 1,
    version: meta.version,
    quiz: meta.quiz,
    contentHash: meta.contentHash,
    seed: meta.seed,
    questions: questions.map((q) => ({
      id: q.id,
      type: q.type,
      lesson: q.lesson,
      prompt: q.prompt + stepsBlock(q.steps),
      options: q.options,
      answer: q.answer,
      explanation: q.explanation,
      source: q.source,
      tags: q.tags,
      difficulty: q.difficulty,
      hint: q.hint,
      ...(q.variant ? { variant: q.variant } : {}),
    })),
  };
}

export function exportSheet(meta: ExportMeta, questions: readonly DrawnQuestion[]) {
  return {
    schemaVersion: 1,
    version: meta.version,
    quiz: meta.quiz,
    contentHash: meta.contentHash,
    seed: meta.seed,
    ...(meta.count !== undefined ? { count: questions.length } : {}),
    questions: questions.map((q, i) => ({
      number: i + 1,
      id: q.id,
      type: q.type,
      prompt: q.prompt + stepsBlock(q.steps),
      options: q.options,
      expects: expectedShape(q),
    })),
    answers: Object.fromEntries(questions.map((q) => [q.id, null])),
  };
}
