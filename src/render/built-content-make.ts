/**
 * Makes the build's snapshot of the shipped content (see built-content.ts)
 * by calling the project's own loaders, validator and plain renderer: no
 * second parser, so the snapshot follows whatever the formats become.
 * scripts/build.mjs bundles this module on its own and runs it after the
 * main build; test/content/built-content.proc.test.ts checks the result against
 * the loaders run directly.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { packageRoot } from '../platform/package-root.js';
import { sha256Hex } from '../platform/sha256.js';
import {
  BUILT_CONTENT_SCHEMA,
  BUILT_PLAIN_WIDTH,
  type BuiltContent,
  builtFilesHeader,
  builtPlainFile,
  shippedContentBytes,
  shippedContentTargets,
} from '../content/shared/built-content.js';
import { checkCurriculum } from '../content/lesson/lesson-loader.js';
import { lessonPlainText } from './lesson-plain.js';
import { lexLesson } from './lesson-lex.js';
import { builtTokensFile } from './lesson-tokens.js';
import type { QuizBank } from '../core/quiz/types.js';
import type { Curriculum } from '../content/lesson/lesson-types.js';
import { ContentError } from '../content/shared/problems.js';
import { loadShippedBank, shippedBankIds, WHOLE_BANK_ID } from '../content/quiz/quiz-loader.js';
import { validateContent } from '../content/validate/validate.js';
import { realLoaders } from '../content/validate/validate-loaders.js';
import type { QuestionRef } from '../content/validate/validate.js';
import { listShippedScenarios } from '../content/scenario/scenario-loader.js';
import type { Scenario } from '../core/types.js';
import { allChallenges } from '../content/challenges/challenge-files.js';
import type { Challenge } from '../content/challenges/challenge-types.js';

export interface BuiltContentFiles {
  content: BuiltContent;
  /** File name (in dist/content/) to text: each lesson's plain text, Unicode and ASCII, and its Markdown tokens (lesson-tokens.ts). */
  plain: Record<string, string>;
  /** Every shipped bank by id, and the whole bank; empty when one does not load (the loader then reports it). */
  banks: Record<string, QuizBank>;
  /** shipped.bin: the files the snapshot was made from; absent when the content does not load whole (never used then). */
  files?: Buffer;
}

/** SHA-256 of the shipped files (shippedContentBytes()), in hex. */
export function shippedContentHash(root = packageRoot()): string {
  return sha256Hex(shippedContentBytes(root));
}

/** The shipped scenarios, or undefined when one does not load (the loader must then report it). */
function shippedScenarios(): Scenario[] | undefined {
  try {
    return listShippedScenarios();
  } catch (err) {
    if (err instanceof ContentError) return undefined;
    throw err;
  }
}

/** The shipped challenges, or undefined when one does not load (the loader must then report it). */
function shippedChallenges(): Challenge[] | undefined {
  try {
    return allChallenges();
  } catch (err) {
    if (err instanceof ContentError) return undefined;
    throw err;
  }
}

/** What validate reads of the shipped banks (ids, lessons, lines), or undefined when a bank does not parse (validate then reads none). */
function shippedQuestionRefs(): QuestionRef[] | undefined {
  try {
    return realLoaders.shippedQuestions();
  } catch (err) {
    if (err instanceof ContentError) return undefined;
    throw err;
  }
}

function shippedBanks(): Record<string, QuizBank> {
  try {
    const banks: Record<string, QuizBank> = { [WHOLE_BANK_ID]: loadShippedBank() };
    for (const id of shippedBankIds()) banks[id] = loadShippedBank(id);
    return banks;
  } catch (err) {
    if (err instanceof ContentError) return {};
    throw err;
  }
}

export function makeBuiltContent(root = packageRoot()): BuiltContentFiles {
  // The files first: content edited while this runs makes a snapshot that will not match, never a wrong one.
  const bytes = shippedContentBytes(root);
  const hash = sha256Hex(bytes);
  const fromRoot = (file: string) => {
    if (file === '') return file;
    const rel = relative(root, resolve(file));
    return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split('\\').join('/');
  };
  const report = validateContent(shippedContentTargets(root), realLoaders, { shipped: true });
  const checked = checkCurriculum(resolve(root, 'lessons'));
  const curriculum: Curriculum = checked.curriculum ?? { dir: resolve(root, 'lessons'), lessons: [], glossary: [] };
  const plain: Record<string, string> = {};
  const scenarios = shippedScenarios();
  const challenges = shippedChallenges();
  const questionRefs = shippedQuestionRefs();
  // A snapshot of content that does not load whole is never used: the loaders must report the problems.
  const loadsWhole = checked.curriculum !== undefined && checked.problems.length === 0 && scenarios !== undefined && challenges !== undefined;
  if (loadsWhole) {
    for (const lesson of curriculum.lessons) {
      for (const ascii of [false, true]) {
        plain[builtPlainFile(lesson.id, ascii)] = lessonPlainText(curriculum, lesson, BUILT_PLAIN_WIDTH, ascii);
      }
      // One file per lesson: the reader opening lesson 4 reads only lesson 4's.
      plain[builtTokensFile(lesson.id)] = JSON.stringify(lexLesson(lesson));
    }
  }
  const content: BuiltContent = {
    schemaVersion: BUILT_CONTENT_SCHEMA,
    hash: loadsWhole ? hash : `unusable:${hash}`,
    curriculum: {
      dir: 'lessons',
      lessons: curriculum.lessons.map((l) => ({ ...l, file: fromRoot(l.file) })),
      glossary: curriculum.glossary.map((t) => ({ ...t, file: fromRoot(t.file) })),
    },
    validate: {
      counts: report.counts,
      problems: report.problems.map((p) => ({ ...p, file: fromRoot(p.file) })),
      warnings: report.warnings.map((p) => ({ ...p, file: fromRoot(p.file) })),
    },
    scenarios: (scenarios ?? []).map((sc) => (sc.origin ? { ...sc, origin: { ...sc.origin, file: fromRoot(sc.origin.file) } } : sc)),
    challenges: (challenges ?? []).map((c) => ({
      ...c,
      file: fromRoot(c.file),
      start: c.start.origin ? { ...c.start, origin: { ...c.start.origin, file: fromRoot(c.start.origin.file) } } : c.start,
    })),
  };
  if (questionRefs) content.questionRefs = questionRefs.map((q) => ({ ...q, file: fromRoot(q.file) }));
  return { content, plain, banks: shippedBanks(), ...(loadsWhole ? { files: Buffer.concat([builtFilesHeader(), bytes]) } : {}) };
}
