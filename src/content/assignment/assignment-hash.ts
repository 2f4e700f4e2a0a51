/**
 * The hash over an assignment's settings (and its questions' content hash),
 * so a learner cannot change the mode, seed, count, time limit, pass mark or
 * title of the file the instructor handed out without the loader noticing:
 * `contentHash` alone covers only the questions.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../quiz/quiz-loader.js';

export interface AssignmentSettings {
  title: string | null;
  quiz: string;
  contentHash: string;
  mode: string;
  seed: number | null;
  count: number | null;
  timeLimitMs: number | null;
  passMark: number | null;
}

export function assignmentSettingsHash(s: AssignmentSettings): string {
  const { title, quiz, contentHash, mode, seed, count, timeLimitMs, passMark } = s;
  return createHash('sha256')
    .update(canonicalJson({ title, quiz, contentHash, mode, seed, count, timeLimitMs, passMark }))
    .digest('hex');
}
