/**
 * Shipped content plus an instructor's `--content DIR` (DIR/lessons,
 * DIR/quizzes, DIR/scenarios in the shipped formats), in one place, so every
 * command and screen that lists content sees the same items, with the local
 * ones marked as local.
 *
 * A content directory is checked whole before anything of it is shown
 * (`checkContentDir`: the same checks as `validate DIR`, plus ids that clash
 * with shipped ones), so invalid content is refused with file and line
 * (exit 2), never shown half-broken.
 */
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Question } from '../../core/quiz/types.js';
import type { Scenario } from '../../core/types.js';
import { shippedDir } from '../../platform/package-root.js';
import { displayPath, loadCurriculumWithContent, loadShippedCurriculum } from '../lesson/lesson-loader.js';
import { parseLesson } from '../lesson/lesson-parse.js';
import type { Curriculum } from '../lesson/lesson-types.js';
import { builtBank, builtContent, builtScenario } from './built-content.js';
import { ContentError, type Problem } from './problems.js';
import { loadQuizFile, loadShippedBank, QUIZ_EXTENSIONS } from '../quiz/quiz-loader.js';
import { findShippedScenario, listShippedScenarios, loadScenarioDir, loadScenarioFile } from '../scenario/scenario-loader.js';
import { classify, expandPath } from '../validate/validate-kind.js';
import { readBoundedText } from '../../platform/bounded-read.js';
import { MAX_CONTENT_BYTES } from './input-limits.js';

export interface ContentFlags {
  /** `--content DIR`, when given. */
  content?: string | undefined;
}

export interface LessonSources {
  curriculum: Curriculum;
  /** Ids of the lessons that came from `--content`. */
  localIds: ReadonlySet<string>;
}

/** The shipped curriculum, then the instructor's lessons (numbers continue). */
export function allLessons(flags: ContentFlags = {}): LessonSources {
  // The shipped lessons alone: the build's snapshot when it matches the files (no parsing; issue 18, a screen's memory).
  // With --content, the shipped ones still come from the snapshot: only DIR is parsed.
  const built = builtContent();
  if (built && flags.content === undefined) return { curriculum: built.curriculum, localIds: new Set() };
  const shippedCurriculum = shippedLessons();
  const curriculum = loadCurriculumWithContent(flags.content, shippedCurriculum);
  const shipped = flags.content ? new Set(shippedCurriculum.lessons.map((l) => l.id)) : null;
  const localIds = new Set(shipped ? curriculum.lessons.filter((l) => !shipped.has(l.id)).map((l) => l.id) : []);
  return { curriculum, localIds };
}

/** The shipped curriculum: the build's snapshot when it matches the files, else the loader's. */
function shippedLessons(): Curriculum {
  return builtContent()?.curriculum ?? loadShippedCurriculum();
}

/** The shipped scenarios (ids and files are what is read of them here): the snapshot's, else the loader's. */
function shippedScenarioList(): Scenario[] {
  return builtContent()?.scenarios ?? listShippedScenarios();
}

function localScenarios(flags: ContentFlags): Scenario[] {
  if (!flags.content) return [];
  const dir = join(flags.content, 'scenarios');
  return existsSync(dir) ? loadScenarioDir(dir, true) : [];
}

/** Shipped scenarios, then local ones (marked `origin.local`). A local id equal to a shipped one is refused. */
export function allScenarios(flags: ContentFlags = {}): Scenario[] {
  const shipped = builtContent()?.scenarios.map((s) => structuredClone(s)) ?? listShippedScenarios();
  const local = localScenarios(flags);
  const clashes = scenarioClashes(local, new Set(shipped.map((s) => s.id)));
  if (clashes.length > 0) throw new ContentError(clashes);
  return [...shipped, ...local];
}

/** One scenario by id: shipped first (cheap: one file), then the content dir. */
export function findScenario(id: string, flags: ContentFlags = {}): Scenario | undefined {
  const shipped = builtScenario(id) ?? findShippedScenario(id);
  return shipped ?? localScenarios(flags).find((s) => s.id === id);
}

function localBankFiles(flags: ContentFlags): string[] {
  if (!flags.content) return [];
  const dir = join(flags.content, 'quizzes');
  return expandPath(resolve(dir), []).filter((f) => QUIZ_EXTENSIONS.test(f));
}

/** The whole shipped bank, then the questions of the content dir's banks (local predict questions may use local scenarios). */
export function allQuestions(flags: ContentFlags = {}): Question[] {
  const shipped = (builtBank(undefined) ?? loadShippedBank()).questions;
  const taken = new Map(shipped.map((q) => [q.id, q] as const));
  const problems: Problem[] = [];
  const local: Question[] = [];
  for (const file of localBankFiles(flags)) {
    const bank = loadQuizFile(file, { findScenario: (id) => findScenario(id, flags) });
    for (const q of bank.questions) {
      if (taken.has(q.id)) {
        problems.push(clashProblem(displayPath(file), lineOfId(file, q.id), 'question', q.id));
        continue;
      }
      taken.set(q.id, q);
      local.push(q);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return [...shipped, ...local];
}

function clashProblem(file: string, line: number, kind: string, id: string): Problem {
  return {
    file,
    line,
    message: `the ${kind} id "${id}" is already used by a shipped ${kind}`,
    fix: `choose another id for your ${kind} (and update what refers to it)`,
  };
}

/** The line of `id: ID` in a YAML file (1 when it cannot be found). */
function lineOfId(path: string, id: string): number {
  try {
    const lines = readBoundedText(path, MAX_CONTENT_BYTES).split('\n');
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`^\\s*(?:-\\s*)?["']?id["']?\\s*:\\s*["']?${escaped}["']?\\s*(?:#.*)?,?\\s*$`);
    const i = lines.findIndex((l) => re.test(l));
    return i >= 0 ? i + 1 : 1;
  } catch {
    return 1;
  }
}

function scenarioClashes(local: readonly Scenario[], shippedIds: ReadonlySet<string>): Problem[] {
  return local
    .filter((s) => shippedIds.has(s.id))
    .map((s) => clashProblem(displayPath(s.origin?.file ?? ''), s.origin ? lineOfId(s.origin.file, s.id) : 1, 'scenario', s.id));
}

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Items in `paths` whose id is already used by a shipped item in another
 * file (the shipped files themselves do not clash with themselves, so
 * `validate lessons` still checks the shipped curriculum). Files that do
 * not load are skipped here: validate reports those on its own.
 */
export function shippedClashes(paths: readonly string[]): Problem[] {
  const problems: Problem[] = [];
  let shippedScenarioFiles: Map<string, string> | undefined;
  let shippedQuestionIds: Set<string> | undefined;
  let shippedLessonIds: Set<string> | undefined;
  const quizDir = shippedDir('quizzes');
  for (const given of paths) {
    for (const path of expandPath(resolve(given), [])) {
      let text: string;
      try {
        text = readBoundedText(path, MAX_CONTENT_BYTES);
      } catch {
        continue;
      }
      const c = classify(path, text);
      if (!('kind' in c)) continue;
      try {
        if (c.kind === 'scenario') {
          shippedScenarioFiles ??= new Map(shippedScenarioList().map((s) => [s.id, s.origin?.file ?? ''] as const));
          const s = loadScenarioFile(path, true);
          const shippedFile = shippedScenarioFiles.get(s.id);
          if (shippedFile !== undefined && !sameFile(shippedFile, path)) {
            problems.push(clashProblem(displayPath(path), lineOfId(path, s.id), 'scenario', s.id));
          }
        } else if (c.kind === 'quiz') {
          if (sameFile(join(quizDir, path.split(/[\\/]/).pop() ?? ''), path)) continue;
          shippedQuestionIds ??= new Set((builtBank(undefined) ?? loadShippedBank()).questions.map((q) => q.id));
          for (const q of loadQuizFile(path, { findScenario: (id) => findScenario(id) }).questions) {
            if (shippedQuestionIds.has(q.id)) problems.push(clashProblem(displayPath(path), lineOfId(path, q.id), 'question', q.id));
          }
        } else if (c.kind === 'lesson') {
          const lessonsDir = shippedDir('lessons');
          if (sameFile(join(lessonsDir, path.split(/[\\/]/).pop() ?? ''), path)) continue;
          shippedLessonIds ??= new Set(shippedLessons().lessons.map((l) => l.id));
          const parsed = parseLesson(text, displayPath(path));
          if (parsed.lesson && shippedLessonIds.has(parsed.lesson.id)) {
            problems.push(clashProblem(parsed.lesson.file, parsed.lesson.fieldLines.id ?? 2, 'lesson', parsed.lesson.id));
          }
        }
      } catch (err) {
        if (!(err instanceof ContentError)) throw err;
      }
    }
  }
  return problems;
}

/**
 * Everything wrong with a content directory: what `validate DIR` finds
 * (through the loaders passed in, so this module stays light), plus ids that
 * clash with shipped ones. Empty: the directory may be used.
 */
export function checkContentDir(dir: string, validate: (paths: string[]) => Problem[]): Problem[] {
  const root = resolve(dir);
  if (!existsSync(root)) {
    return [
      {
        file: displayPath(root),
        line: 0,
        message: 'the --content directory does not exist',
        fix: 'give a folder holding lessons/, quizzes/ and/or scenarios/',
      },
    ];
  }
  const parts = ['lessons', 'quizzes', 'scenarios', 'challenges'].map((p) => join(root, p)).filter((p) => existsSync(p));
  if (parts.length === 0) {
    return [
      {
        file: displayPath(root),
        line: 0,
        message: 'the --content directory has no lessons/, quizzes/, scenarios/ or challenges/ folder',
        fix: 'put your content in DIR/lessons, DIR/quizzes, DIR/scenarios and DIR/challenges (see lessons/FORMAT.md)',
      },
    ];
  }
  const problems = validate(parts);
  return problems.length > 0 ? problems : shippedClashes(parts);
}
