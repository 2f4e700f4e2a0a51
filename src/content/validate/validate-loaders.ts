/**
 * The real loaders behind `validate`: each kind's own loader (scenarios,
 * quizzes, assignments) and the engine, so validate checks exactly what the
 * commands that use the content would accept.
 */
import { simulate } from '../../core/engine.js';
import { shippedDir } from '../../platform/package-root.js';
import { checkCurriculum, displayPath } from '../lesson/lesson-loader.js';
import { loadAssignmentFile } from '../assignment/assignment-loader.js';
import { loadQuizFile, shippedBankFiles } from '../quiz/quiz-loader.js';
import { listShippedScenarios, loadScenarioFile } from '../scenario/scenario-loader.js';
import type { ContentLoaders, QuestionRef } from './validate.js';
import { MAX_CONTENT_BYTES, parseYaml } from '../shared/yaml.js';
import { readContentText } from '../shared/read-text.js';

/** Question ids, lessons and lines of a bank file (its full check is the quiz loader's). */
export function questionRefs(path: string): QuestionRef[] {
  const file = displayPath(path);
  const parsed = parseYaml(readContentText(path, 'a quiz file', 'check the path and permissions', MAX_CONTENT_BYTES, file), file);
  const data = parsed.data as { questions?: unknown } | null;
  if (!data || !Array.isArray(data.questions)) return [];
  return data.questions.flatMap((q: unknown, i: number) => {
    if (!q || typeof q !== 'object') return [];
    const { id, lesson, type, options, answer, requires, recall, prompt, keyTerms, terse, allowOverlap } = q as Record<string, unknown>;
    if (typeof id !== 'string') return [];
    const texts = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
    const opts = texts(options);
    const req = texts(requires);
    const terms = texts(keyTerms);
    const overlaps = texts(allowOverlap);
    return [
      {
        id,
        type: typeof type === 'string' ? type : '',
        ...(typeof lesson === 'string' ? { lesson } : {}),
        ...(opts ? { options: opts } : {}),
        ...(answer !== undefined ? { answer } : {}),
        ...(req ? { requires: req, requiresLine: parsed.lineAt(['questions', i, 'requires']) } : {}),
        ...(recall === true ? { recall: true } : {}),
        ...(typeof prompt === 'string' ? { prompt } : {}),
        ...(terms ? { keyTerms: terms } : {}),
        ...(terse === true ? { terse: true } : {}),
        ...(overlaps ? { allowOverlap: overlaps } : {}),
        file,
        line: typeof lesson === 'string' ? parsed.lineAt(['questions', i, 'lesson']) : parsed.lineAt(['questions', i]),
      },
    ];
  });
}

export const realLoaders: ContentLoaders = {
  loadScenarioFile: (path) => loadScenarioFile(displayPath(path), true),
  simulate: (scenario, overrides) => simulate(scenario, overrides),
  shippedScenarios: () => listShippedScenarios(),
  loadQuizFile: (path) => {
    // The quiz loader's full check first (it throws ContentError), then
    // the ids and lines validate needs for its cross-references.
    loadQuizFile(displayPath(path));
    return questionRefs(path);
  },
  shippedQuestions: () => shippedBankFiles().flatMap(questionRefs),
  loadAssignmentFile: (path) => {
    loadAssignmentFile(displayPath(path));
  },
  shippedCurriculum: () => checkCurriculum(shippedDir('lessons')).curriculum,
};
