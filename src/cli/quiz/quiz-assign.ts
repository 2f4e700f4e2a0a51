/**
 * `fence-tutor assign`: an assignment file with every setting and the
 * bank's questions embedded (predict keys included), written atomically.
 */
import { type Assignment, ASSIGNMENT_SCHEMA_VERSION } from '../../content/assignment/assignment-loader.js';
import { loadQuizArgWithContent } from '../../content/quiz/quiz-loader.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { assignmentSettingsHash } from '../../content/assignment/assignment-hash.js';
import { writeUserFileAtomic } from '../../platform/atomic-file.js';
import { toolVersion } from '../../platform/package-root.js';
import { UsageError } from '../../platform/errors.js';
import { passMarkFor, QUIZ_MODES, type QuizMode } from '../../core/quiz/grading.js';
import { modeRules } from '../../core/quiz/mode-rules.js';
import { EXIT } from '../../platform/exit-codes.js';
import { listExercises } from '../../content/exercise/exercise-registry.js';
import type { Out } from './quiz-output.js';
import { parseCount, parseDuration, parsePercent, parseSeed, type QuizFlags } from './quiz-settings.js';

/** The settings `assign` shares with `quiz`, plus the assignment's title and file. */
export interface AssignFlags extends Pick<QuizFlags, 'quiz' | 'mode' | 'seed' | 'count' | 'timeLimit' | 'pass' | 'content'> {
  title?: string;
  out?: string;
  /** Comma-separated exercise ids the students are also asked to do. */
  exercises?: string;
}

function exerciseList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = listExercises().map((e) => e.id);
  for (const id of ids) {
    if (!known.includes(id)) throw new UsageError(`--exercises: no exercise "${id}". Fix: use ids from \`fence-tutor exercises\`: ${known.join(', ')}`);
  }
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

export function buildAssignment(flags: AssignFlags, now: Date = new Date()): Assignment {
  const assignable = QUIZ_MODES.filter((m) => modeRules(m).assignable);
  if (!assignable.includes(flags.mode as QuizMode)) {
    throw new UsageError(
      flags.mode === undefined
        ? 'assign needs --mode practice or --mode exam'
        : `--mode ${JSON.stringify(flags.mode)} is not practice or exam; an assignment is one of those two`,
    );
  }
  const mode = flags.mode as Assignment['mode'];
  const pass = flags.pass === undefined ? undefined : parsePercent(flags.pass);
  if (!modeRules(mode).passMark && pass !== undefined) throw new UsageError('--pass applies to exams only; use --mode exam or drop --pass');
  const bank = loadQuizArgWithContent(flags.quiz, flags.content);
  const count = flags.count === undefined ? null : parseCount(flags.count);
  const exercises = exerciseList(flags.exercises);
  const settings: Omit<Assignment, 'schemaVersion' | 'kind' | 'version' | 'settingsHash' | 'createdAt' | 'questions'> = {
    title: flags.title === undefined || flags.title.trim() === '' ? null : sanitizeLine(flags.title).trim(),
    quiz: bank.id,
    contentHash: bank.contentHash,
    mode,
    seed: flags.seed === undefined ? null : parseSeed(flags.seed),
    count: count === null ? null : Math.min(count, bank.questions.length),
    timeLimitMs: flags.timeLimit === undefined ? null : parseDuration(flags.timeLimit),
    passMark: passMarkFor(mode, pass),
    ...(exercises ? { exercises } : {}),
  };
  return {
    schemaVersion: ASSIGNMENT_SCHEMA_VERSION,
    kind: 'assignment',
    version: toolVersion(),
    ...settings,
    settingsHash: assignmentSettingsHash(settings),
    createdAt: now.toISOString(),
    questions: bank.questions,
  };
}

export function runAssign(flags: AssignFlags, out: Out): number {
  if (!flags.out) throw new UsageError('assign needs --out FILE: where to write the assignment (e.g. --out week3.json)');
  const a = buildAssignment(flags);
  writeUserFileAtomic(flags.out, `${JSON.stringify(a, null, 2)}\n`, 'the assignment', '--out');
  const who = a.seed === null ? 'each student draws their own seed (recorded in the report)' : `everyone sits seed ${a.seed}`;
  out.stderr(
    `Assignment written to ${flags.out}: ${a.count ?? a.questions.length} of ${a.questions.length} questions from ${a.quiz}, ${a.mode}` +
      `${a.passMark !== null ? `, pass mark ${a.passMark}%` : ''}${a.timeLimitMs !== null ? `, time limit ${Math.round(a.timeLimitMs / 1000)} s` : ''}; ${who}.\n` +
      `Students run: fence-tutor quiz --assignment ${flags.out} --student NAME --report NAME.json\n` +
      (a.exercises ? a.exercises.map((id) => `          and: fence-tutor exercise check ${id} --student NAME --report NAME-${id}.json\n`).join('') : ''),
  );
  return EXIT.ok;
}
