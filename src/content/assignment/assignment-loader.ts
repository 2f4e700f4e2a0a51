/**
 * Assignment files (issue 8): JSON written by `fence-tutor assign`, with
 * every setting and the bank's questions embedded (predict keys included),
 * so a sitting is the same on any machine and any later version. The
 * questions are validated like a bank's; a content hash that does not match
 * them, or a settings hash that does not match the settings, means the file
 * was edited after the assignment was made.
 */
import type { QuizMode } from '../../core/quiz/grading.js';
import { modeRules } from '../../core/quiz/mode-rules.js';
import type { Question } from '../../core/quiz/types.js';
import { ContentError } from '../shared/problems.js';
import { describeValue, isMapping, ProblemList } from '../quiz/quiz-check.js';
import { assignmentSettingsHash } from './assignment-hash.js';
import { contentHashOf } from '../quiz/quiz-loader.js';
import { checkQuestion } from '../quiz/quiz-schema.js';
import { sanitizeLine } from '../shared/sanitize.js';
import { parseYaml } from '../shared/yaml.js';
import { readContentText } from '../shared/read-text.js';
import { MAX_QUESTIONS } from '../shared/input-limits.js';

export const ASSIGNMENT_SCHEMA_VERSION = 1;

export interface Assignment {
  schemaVersion: number;
  kind: 'assignment';
  /** The fence-tutor version that wrote it. */
  version: string;
  title: string | null;
  /** The bank id (or custom bank file name) the questions came from. */
  quiz: string;
  contentHash: string;
  /** Covers the settings below with the content hash (assignment-hash.ts). */
  settingsHash: string;
  mode: Exclude<QuizMode, 'review'>;
  /** null: each student draws (and records) their own. */
  seed: number | null;
  count: number | null;
  timeLimitMs: number | null;
  passMark: number | null;
  createdAt: string;
  questions: Question[];
  /** Exercises the students are also asked to do (`exercise check` reports go to `grade`). */
  exercises?: string[];
}

const KEYS = [
  'schemaVersion',
  'kind',
  'version',
  'title',
  'quiz',
  'contentHash',
  'settingsHash',
  'mode',
  'seed',
  'count',
  'timeLimitMs',
  'passMark',
  'createdAt',
  'questions',
  'exercises',
];
const EXERCISE_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function loadAssignmentText(text: string, file: string): Assignment {
  const parsed = parseYaml(text, file);
  const p = new ProblemList(file, parsed);
  const d = parsed.data;
  const regen = 'write the file again with `fence-tutor assign`';
  if (!isMapping(d)) {
    p.at([], `an assignment must be a JSON object, not ${describeValue(d)}`, regen);
    throw new ContentError(p.problems);
  }
  p.unknownKeys(d, KEYS, [], 'an assignment');
  if (d.kind !== 'assignment')
    p.at(
      d.kind === undefined ? [] : ['kind'],
      'this is not an assignment file (`kind` is not "assignment")',
      'pass a file written by `fence-tutor assign --out FILE`',
    );
  if (d.schemaVersion !== ASSIGNMENT_SCHEMA_VERSION) {
    p.at(
      d.schemaVersion === undefined ? [] : ['schemaVersion'],
      `unsupported assignment schemaVersion ${describeValue(d.schemaVersion)} (this version reads ${ASSIGNMENT_SCHEMA_VERSION})`,
      'use a newer fence-tutor, or write the file again with this one',
    );
    throw new ContentError(p.problems);
  }
  const quiz = p.text(d, 'quiz', [], true);
  const contentHash = p.text(d, 'contentHash', [], true);
  const mode = p.oneOf(d, 'mode', [], ['practice', 'exam'] as const);
  const nullableInt = (key: string, min: number, max: number): number | null => {
    const v = d[key];
    if (v === null || v === undefined) return null;
    return p.integer(v, [key], key, min, max) ?? null;
  };
  const seed = nullableInt('seed', 0, 0xffffffff);
  const count = nullableInt('count', 1, 100_000);
  const timeLimitMs = nullableInt('timeLimitMs', 1, 365 * 24 * 3600 * 1000);
  let passMark: number | null = null;
  if (d.passMark !== null && d.passMark !== undefined) {
    if (typeof d.passMark === 'number' && d.passMark >= 0 && d.passMark <= 100) passMark = d.passMark;
    else p.at(['passMark'], '`passMark` must be a percentage from 0 to 100', regen);
  }
  if (mode !== undefined && !modeRules(mode).passMark && passMark !== null)
    p.at(['passMark'], 'a practice assignment has no pass mark', 'set `passMark` to null, or make it an exam');
  const title = d.title === null || d.title === undefined ? null : (p.text(d, 'title', [], false) ?? null);
  const questions: Question[] = [];
  if (!Array.isArray(d.questions) || d.questions.length === 0) {
    p.at(d.questions === undefined ? [] : ['questions'], '`questions` must be a non-empty list', regen);
  } else if (d.questions.length > MAX_QUESTIONS) {
    p.at(['questions'], `the assignment has ${d.questions.length} questions, more than the limit of ${MAX_QUESTIONS}`, regen);
  } else {
    const ids = new Set<string>();
    d.questions.forEach((raw, i) => {
      const checked = checkQuestion(p, raw, ['questions', i], true);
      if (checked?.kind !== 'question') return;
      if (ids.has(checked.question.id)) p.at(['questions', i, 'id'], `the id \`${checked.question.id}\` appears twice`, regen);
      ids.add(checked.question.id);
      questions.push(checked.question);
    });
  }
  let exercises: string[] | undefined;
  if (d.exercises !== undefined) {
    if (!Array.isArray(d.exercises) || d.exercises.length > 50 || !d.exercises.every((e): e is string => typeof e === 'string' && EXERCISE_ID.test(e))) {
      p.at(['exercises'], '`exercises` must be a list of exercise ids (fence-tutor exercises)', regen);
    } else exercises = d.exercises;
  }
  if (p.problems.length > 0) throw new ContentError(p.problems);
  const actual = contentHashOf(questions);
  if (actual !== contentHash) {
    p.at(
      ['contentHash'],
      'the embedded questions do not match the content hash: they were changed after the assignment was made',
      'ask the instructor for the original file, or write it again with `fence-tutor assign`',
    );
    throw new ContentError(p.problems);
  }
  // Compared before sanitizing: the hash was made over exactly what the instructor's file held.
  const settingsHash = assignmentSettingsHash({
    title,
    quiz: quiz!,
    contentHash: contentHash!,
    mode: mode!,
    seed,
    count,
    timeLimitMs,
    passMark,
    ...(exercises ? { exercises } : {}),
  });
  if (d.settingsHash !== settingsHash) {
    p.at(
      d.settingsHash === undefined ? [] : ['settingsHash'],
      d.settingsHash === undefined
        ? 'the assignment has no `settingsHash` (an older fence-tutor wrote it), so edited settings would go unnoticed'
        : 'the settings (title, mode, seed, count, time limit, pass mark, exercises) do not match `settingsHash`: they were changed after the assignment was made',
      'ask the instructor for the original file, or write it again with `fence-tutor assign`',
    );
    throw new ContentError(p.problems);
  }
  return {
    schemaVersion: ASSIGNMENT_SCHEMA_VERSION,
    kind: 'assignment',
    version: typeof d.version === 'string' ? sanitizeLine(d.version) : 'unknown',
    title: title === null ? null : sanitizeLine(title),
    quiz: sanitizeLine(quiz!),
    contentHash: contentHash!,
    settingsHash,
    mode: mode!,
    seed,
    count,
    timeLimitMs,
    passMark,
    createdAt: typeof d.createdAt === 'string' ? d.createdAt : '',
    questions,
    ...(exercises && exercises.length > 0 ? { exercises } : {}),
  };
}

export function loadAssignmentFile(path: string): Assignment {
  const text = readContentText(path, 'the assignment', 'give the path of a file written by `fence-tutor assign --out FILE`');
  return loadAssignmentText(text, path);
}
