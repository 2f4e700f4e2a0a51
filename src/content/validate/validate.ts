/**
 * `fence-tutor validate`: checks lessons, quizzes, scenarios, assignments and challenges
 * and every reference between them (a lesson's scenario and question blocks,
 * its internal links, a question's lesson), collecting every problem with its
 * file and line. The loaders are passed in, so this file stays testable and
 * each kind keeps its own loader (see validate-loaders.ts for the real ones).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import { claimProblems } from '../scenario/claim-problems.js';
import { MANIFEST_FILE } from '../lesson/lesson-manifest.js';
import { checkCurriculum, displayPath } from '../lesson/lesson-loader.js';
import { parseLesson } from '../lesson/lesson-parse.js';
import type { GlossaryTerm, Lesson } from '../lesson/lesson-types.js';
import { ContentError, type Problem } from '../shared/problems.js';
import { fairnessFindings, lessonsNotYetTaught } from '../quiz/quiz-rules.js';
import { type TellQuestion, tellFindings, tellStatsLines } from '../quiz/quiz-tells.js';
import { classify, expandPath } from './validate-kind.js';
import { readContentText } from '../shared/read-text.js';
import { MAX_CONTENT_BYTES } from '../shared/input-limits.js';
import { validateChallenges } from '../challenges/challenge-validate.js';

/** A question as validate needs it: its id, its lesson, and where it is. */
export interface QuestionRef extends TellQuestion {
  id: string;
  lesson?: string;
  file: string;
  line: number;
  /** Line of `requires`, when written. */
  requiresLine?: number;
}

export interface ContentLoaders {
  /** Throws ContentError. */
  loadScenarioFile(path: string): Scenario;
  /** Runs a scenario; throws if it cannot run. */
  simulate(scenario: Scenario, overrides: ConfigOverrides): unknown;
  shippedScenarios(): Scenario[];
  /** The questions of one bank file; throws ContentError. */
  loadQuizFile(path: string): QuestionRef[];
  shippedQuestions(): QuestionRef[];
  /** Throws ContentError. */
  loadAssignmentFile(path: string): void;
  /** The shipped curriculum, for references from content checked on its own (undefined or a throw: it does not load). */
  shippedCurriculum(): { lessons: readonly Lesson[]; glossary: readonly GlossaryTerm[] } | undefined;
}

export { summarize, type ValidateCounts, type ValidateReport } from './validate-summary.js';
import type { ValidateCounts, ValidateReport } from './validate-summary.js';
import { errorMessage } from '../../platform/error-message.js';

function collect(problems: Problem[], fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (err) {
    if (err instanceof ContentError) {
      problems.push(...err.problems);
      return false;
    }
    throw err;
  }
}

export interface ValidateOptions {
  /**
   * The shipped content: the banks are drawn together, so the tell rules
   * (quiz-tells.ts) are problems over them pooled; for an instructor's
   * banks they are warnings.
   */
  shipped?: boolean;
  /** Add the tell figures of the banks checked (`validate --stats`). */
  stats?: boolean;
}

export function validateContent(paths: readonly string[], loaders: ContentLoaders, options: ValidateOptions = {}): ValidateReport {
  const problems: Problem[] = [];
  const counts: ValidateCounts = { lessons: 0, glossaryTerms: 0, questions: 0, scenarios: 0, assignments: 0, recall: 0 };
  const warnings: Problem[] = [];

  // 1. Which files, of which kind.
  const curriculumDirs = new Set<string>();
  const looseLessons: string[] = [];
  const scenarioFiles: string[] = [];
  const quizFiles: string[] = [];
  const assignmentFiles: string[] = [];
  const challengeFiles: string[] = [];
  for (const given of paths) {
    for (const path of expandPath(resolve(given), problems)) {
      let text: string;
      try {
        text = readContentText(path, 'a content file', 'check the path and permissions', MAX_CONTENT_BYTES, displayPath(path));
      } catch (err) {
        if (!(err instanceof ContentError)) throw err;
        problems.push(...err.problems);
        continue;
      }
      const c = classify(path, text);
      if (!('kind' in c)) {
        problems.push(c);
        continue;
      }
      const dir = dirname(path);
      const inCurriculum = existsSync(join(dir, MANIFEST_FILE));
      switch (c.kind) {
        case 'lesson':
          if (inCurriculum) curriculumDirs.add(dir);
          else looseLessons.push(path);
          break;
        case 'manifest':
        case 'glossary':
          curriculumDirs.add(dir);
          break;
        case 'scenario':
          scenarioFiles.push(path);
          break;
        case 'quiz':
          quizFiles.push(path);
          break;
        case 'assignment':
          assignmentFiles.push(path);
          break;
        case 'challenge':
          challengeFiles.push(path);
          break;
      }
    }
  }

  // 2. Scenarios: each loads and runs; ids are unique among those checked.
  const scenarios = new Map<string, Scenario>();
  for (const file of scenarioFiles) {
    let scenario: Scenario | undefined;
    if (!collect(problems, () => (scenario = loaders.loadScenarioFile(file))) || !scenario) continue;
    const first = scenarios.get(scenario.id);
    if (first) {
      problems.push({
        file: displayPath(file),
        line: 1,
        message: `duplicate scenario id "${scenario.id}" (also in ${displayPath(first.origin?.file ?? '')})`,
        fix: 'give every scenario its own id',
      });
      continue;
    }
    const s = scenario;
    try {
      loaders.simulate(s, {});
    } catch (err) {
      problems.push({ file: displayPath(file), line: 1, message: `the scenario does not run: ${errorMessage(err)}`, fix: 'correct the steps' });
      continue;
    }
    scenarios.set(s.id, s);
    counts.scenarios++;
  }

  // 3. Quizzes: ids unique across the bank.
  const questions = new Map<string, QuestionRef>();
  for (const file of quizFiles) {
    let refs: QuestionRef[] = [];
    if (!collect(problems, () => (refs = loaders.loadQuizFile(file)))) continue;
    for (const q of refs) {
      const first = questions.get(q.id);
      if (first) {
        problems.push({
          file: q.file,
          line: q.line,
          message: `duplicate question id "${q.id}" (first in ${first.file}:${first.line})`,
          fix: 'give every question its own id',
        });
        continue;
      }
      questions.set(q.id, q);
      counts.questions++;
      if (q.recall === true) counts.recall++;
    }
  }

  // 4. Assignments.
  for (const file of assignmentFiles) {
    if (collect(problems, () => loaders.loadAssignmentFile(file))) counts.assignments++;
  }

  // 5. Lessons: whole curricula, then lessons checked on their own.
  const lessons: Lesson[] = [];
  for (const dir of curriculumDirs) {
    const report = checkCurriculum(dir);
    problems.push(...report.problems);
    if (report.curriculum) {
      lessons.push(...report.curriculum.lessons);
      counts.lessons += report.curriculum.lessons.length;
      counts.glossaryTerms += report.curriculum.glossary.length;
    }
  }
  const shipped = lazyShipped(loaders);
  if (looseLessons.length > 0) {
    const loose: Lesson[] = [];
    for (const file of looseLessons) {
      let text: string;
      try {
        text = readContentText(file, 'a lesson file', 'check the path and permissions', MAX_CONTENT_BYTES, displayPath(file));
      } catch (err) {
        if (!(err instanceof ContentError)) throw err;
        problems.push(...err.problems);
        continue;
      }
      const parsed = parseLesson(text, displayPath(file));
      problems.push(...parsed.problems);
      if (parsed.lesson) loose.push(parsed.lesson);
    }
    checkLooseLessons(loose, shipped(), problems);
    lessons.push(...loose);
    counts.lessons += loose.length;
  }

  // 6. References out of lessons: scenario blocks resolve and run; question ids exist.
  const scenarioById = (id: string): Scenario | undefined => scenarios.get(id) ?? shipped().scenarios.find((s) => s.id === id);
  const questionById = (id: string): QuestionRef | undefined => questions.get(id) ?? shipped().questions.get(id);
  const order = lessonOrder(shipped().lessonIds, lessons);
  const ran = new Map<string, string | null>();
  for (const lesson of lessons) {
    for (const block of lesson.blocks) {
      if (block.kind === 'scenario') {
        const scenario = scenarioById(block.scenarioId);
        if (!scenario) {
          problems.push({
            file: lesson.file,
            line: block.line,
            message: `the scenario block names "${block.scenarioId}", which is not a shipped or checked scenario`,
            fix: `use one of: ${[...new Set([...scenarios.keys(), ...shipped().scenarios.map((s) => s.id)])].join(', ')}`,
          });
          continue;
        }
        const key = `${scenario.id} ${JSON.stringify(block.overrides)}`;
        if (!ran.has(key)) {
          try {
            loaders.simulate(scenario, block.overrides);
            ran.set(key, null);
          } catch (err) {
            ran.set(key, errorMessage(err));
          }
        }
        const failure = ran.get(key);
        if (failure) {
          problems.push({
            file: lesson.file,
            line: block.line,
            message: `the scenario "${scenario.id}" does not run with these toggles: ${failure}`,
            fix: 'change the toggles or the scenario',
          });
        } else {
          problems.push(...claimProblems(lesson.file, block, scenario));
        }
      } else {
        for (const id of block.ids) {
          const question = questionById(id);
          if (question) {
            const { later } = lessonsNotYetTaught(question, order.get(lesson.id) ?? 0, order);
            if (later.length > 0) {
              problems.push({
                file: lesson.file,
                line: block.line,
                message: `the self-check of lesson "${lesson.id}" asks "${id}", which draws on ${later.map((l) => `"${l}"`).join(', ')}, taught later`,
                fix: `ask it in the self-check of ${later.length === 1 ? 'that lesson' : 'the last of them'} or after, or correct its \`requires\` in ${question.file}:${question.requiresLine ?? question.line}`,
              });
            }
          } else {
            problems.push({
              file: lesson.file,
              line: block.line,
              message: `the quiz block names question "${id}", which is not in the quiz bank`,
              fix: 'use the id of a question in quizzes/ (or in a quiz file checked with it)',
            });
          }
        }
      }
    }
  }

  // 7. References into lessons: a question's lesson, and the lessons it requires, must exist.
  const lessonIds = new Set(lessons.length > 0 ? lessons.map((l) => l.id) : shipped().lessonIds);
  const knownLessons = new Set([...lessonIds, ...shipped().lessonIds]);
  for (const q of questions.values()) {
    const unknown = (q.requires ?? []).filter((id) => !knownLessons.has(id));
    if (unknown.length > 0) {
      problems.push({
        file: q.file,
        line: q.requiresLine ?? q.line,
        message: `question "${q.id}" requires ${unknown.map((l) => `"${l}"`).join(', ')}, which ${unknown.length === 1 ? 'is not a lesson' : 'are not lessons'}`,
        fix: 'list lesson ids in `requires` (fence-tutor lessons shows them)',
      });
    }
    if (q.lesson !== undefined && !lessonIds.has(q.lesson)) {
      problems.push({
        file: q.file,
        line: q.line,
        message: `question "${q.id}" names lesson "${q.lesson}", which is not a lesson`,
        fix: `use a lesson id (${[...lessonIds].slice(0, 11).join(', ')})`,
      });
    }
  }

  // 8. Challenges: they load, their lessons exist, their goals hold where they should.
  if (challengeFiles.length > 0) {
    counts.challenges = validateChallenges(challengeFiles, scenarioById, knownLessons, problems).length;
  }

  // 9. Fairness of the banks checked (warnings: an instructor decides).
  if (questions.size > 0) {
    const files = [...new Set([...questions.values()].map((q) => q.file))];
    for (const message of fairnessFindings([...questions.values()])) {
      warnings.push({
        file: files.length === 1 ? (files[0] ?? '') : `${files.length} quiz files`,
        line: 0,
        message,
        fix: 'see quizzes/FORMAT.md, "Fair questions"',
      });
    }
    const tells = options.shipped === true ? problems : warnings;
    for (const { message, question } of tellFindings([...questions.values()])) {
      const at = question === undefined ? undefined : questions.get(question);
      tells.push({
        file: at?.file ?? (files.length === 1 ? (files[0] ?? '') : `${files.length} quiz files`),
        line: at?.line ?? 0,
        message,
        fix: 'see quizzes/FORMAT.md, "No tells"',
      });
    }
  }

  return { problems, warnings, counts, ...(options.stats === true ? { stats: tellStatsLines([...questions.values()]) } : {}) };
}

/** Reading order: the shipped lessons, then those checked here (an instructor's come after). */
function lessonOrder(shippedIds: readonly string[], lessons: readonly Lesson[]): Map<string, number> {
  const order = new Map<string, number>();
  for (const id of [...shippedIds, ...lessons.map((l) => l.id)]) if (!order.has(id)) order.set(id, order.size);
  return order;
}

interface ShippedRefs {
  scenarios: Scenario[];
  questions: Map<string, QuestionRef>;
  lessonIds: string[];
  glossary: readonly GlossaryTerm[];
}

/** Shipped content, read once and only if something needs it. Broken shipped content resolves nothing. */
function lazyShipped(loaders: ContentLoaders): () => ShippedRefs {
  let cache: ShippedRefs | undefined;
  return () => {
    if (cache) return cache;
    const attempt = <T>(fn: () => T, fallback: T): T => {
      try {
        return fn();
      } catch {
        return fallback;
      }
    };
    const curriculum = attempt(() => loaders.shippedCurriculum(), undefined);
    cache = {
      scenarios: attempt(() => loaders.shippedScenarios(), []),
      questions: new Map(attempt(() => loaders.shippedQuestions(), []).map((q) => [q.id, q] as const)),
      lessonIds: curriculum?.lessons.map((l) => l.id) ?? [],
      glossary: curriculum?.glossary ?? [],
    };
    return cache;
  };
}

/** Lessons outside a curriculum: their links and prerequisites resolve against the shipped curriculum. */
function checkLooseLessons(loose: Lesson[], shipped: ShippedRefs, problems: Problem[]): void {
  const ids = new Set([...shipped.lessonIds, ...loose.map((l) => l.id)]);
  const terms = new Set(shipped.glossary.map((t) => t.id));
  const seen = new Map<string, string>();
  for (const lesson of loose) {
    const first = seen.get(lesson.id);
    if (first) {
      problems.push({
        file: lesson.file,
        line: lesson.fieldLines.id ?? 2,
        message: `duplicate lesson id "${lesson.id}" (also in ${first})`,
        fix: 'give every lesson its own id',
      });
    }
    seen.set(lesson.id, lesson.file);
    for (const pre of lesson.prerequisites) {
      if (!ids.has(pre)) {
        problems.push({
          file: lesson.file,
          line: lesson.fieldLines.prerequisites ?? 2,
          message: `unknown prerequisite "${pre}"`,
          fix: 'use the id of a shipped lesson or of a lesson checked with this one',
        });
      }
    }
    for (const link of lesson.links) {
      const ok = link.scheme === 'lesson' ? ids.has(link.target) : terms.has(link.target);
      if (!ok) {
        problems.push({
          file: lesson.file,
          line: link.line,
          message: `the link "${link.scheme}:${link.target}" names no ${link.scheme === 'lesson' ? 'lesson' : 'glossary term'}`,
          fix: link.scheme === 'lesson' ? 'use the id of a lesson' : 'use a term of the shipped glossary',
        });
      }
    }
  }
}
