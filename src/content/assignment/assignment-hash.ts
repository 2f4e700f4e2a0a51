/**
 * The hash over an assignment's settings (and its questions' content hash),
 * so a learner cannot change the mode, seed, count, time limit, pass mark or
 * title of the file the instructor handed out without the loader noticing:
 * `contentHash` alone covers only the questions.
 */
import { sha256Hex } from '../../platform/sha256.js';
import type { AssignmentTerms } from '../../core/quiz/assignment-grade.js';
import { canonicalJson } from '../quiz/quiz-loader.js';

/** What the hash covers: the terms an assignment fixes (core's AssignmentTerms, but its questions' content hash for the questions), its title and its exercises. */
export type AssignmentSettings = Omit<AssignmentTerms, 'questions'> & {
  title: string | null;
  /** Exercise ids the assignment also asks for; absent or empty in files without any. */
  exercises?: string[];
};

export function assignmentSettingsHash(s: AssignmentSettings): string {
  const { title, quiz, contentHash, mode, seed, count, timeLimitMs, passMark } = s;
  // Exercises join the hash only when listed, so files written before they existed keep their hash.
  const exercises = s.exercises && s.exercises.length > 0 ? { exercises: s.exercises } : {};
  return sha256Hex(canonicalJson({ title, quiz, contentHash, mode, seed, count, timeLimitMs, passMark, ...exercises }));
}
