/**
 * A shipped lesson as plain text, with everything the renderer needs wired
 * in: the shipped scenarios drawn by the engine, the quiz bank's prompts,
 * lesson numbers and the glossary.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '../core/types.js';
import { shippedDir } from '../platform/package-root.js';
import { renderLessonPlain } from './lesson-render.js';
import { scenarioBlockLines } from './lesson-timeline.js';
import type { Curriculum, Lesson } from './lesson-types.js';
import { findShippedScenario, loadScenarioDir } from './scenario-loader.js';
import { parseYaml } from './yaml.js';

/** Question prompts by id from the bank folders (later folders do not override earlier ones). */
export function bankPrompts(dirs: readonly string[]): Map<string, string> {
  const prompts = new Map<string, string>();
  for (const dir of dirs) readPrompts(dir, prompts);
  return prompts;
}

function readPrompts(dir: string, prompts: Map<string, string>): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /\.(ya?ml|json)$/.test(n));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      const data = parseYaml(readFileSync(join(dir, name), 'utf8'), name).data as { questions?: unknown };
      if (!Array.isArray(data?.questions)) continue;
      for (const q of data.questions as { id?: unknown; prompt?: unknown }[]) {
        if (typeof q?.id === 'string' && typeof q.prompt === 'string' && !prompts.has(q.id)) {
          prompts.set(q.id, q.prompt.trim());
        }
      }
    } catch {
      // A broken bank file is validate's to report; the lesson still prints.
    }
  }
}

/**
 * `contentDir` is the instructor's folder (`--content`): its scenarios and
 * quizzes resolve before the shipped ones.
 */
export function lessonPlainText(
  curriculum: Curriculum,
  lesson: Lesson,
  width: number,
  ascii: boolean,
  contentDir?: string,
): string {
  const prompts = bankPrompts([
    ...(contentDir ? [join(contentDir, 'quizzes')] : []),
    shippedDir('quizzes'),
  ]);
  let local: Scenario[] | undefined;
  const findScenario = (id: string): Scenario | undefined => {
    if (contentDir) {
      local ??= existsSync(join(contentDir, 'scenarios')) ? loadScenarioDir(join(contentDir, 'scenarios'), true) : [];
      const found = local.find((s) => s.id === id);
      if (found) return found;
    }
    return findShippedScenario(id);
  };
  return renderLessonPlain(lesson, {
    width,
    ascii,
    glossary: curriculum.glossary,
    lessonNumber: (id) => curriculum.lessons.find((l) => l.id === id)?.number,
    questionPrompt: (id) => prompts.get(id),
    renderScenario: (block, w) => scenarioBlockLines(block, w, ascii, findScenario),
  });
}
