/**
 * A shipped lesson as plain text, with everything the renderer needs wired
 * in: the shipped scenarios drawn by the engine, the quiz bank's prompts,
 * lesson numbers and the glossary.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from '../core/types.js';
import { shippedDir } from '../platform/package-root.js';
import { renderLessonPlain } from './lesson-render.js';
import { scenarioBlockLines } from './lesson-timeline.js';
import type { Curriculum, Lesson } from '../content/lesson/lesson-types.js';
import { findShippedScenario, loadScenarioDir } from '../content/scenario/scenario-loader.js';
import { MAX_CONTENT_BYTES, parseYaml } from '../content/shared/yaml.js';
import { readBoundedText } from '../platform/bounded-read.js';

/**
 * Prompts of the wanted questions, from the bank folders in order (an
 * earlier folder wins). A bank named after the lesson is read first, since
 * that is where a lesson's questions usually live; the other files only if
 * some id is still missing.
 */
export function bankPrompts(dirs: readonly string[], wanted: readonly string[], lessonId?: string): Map<string, string> {
  const prompts = new Map<string, string>();
  const missing = () => wanted.some((id) => !prompts.has(id));
  for (const dir of dirs) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((n) => /\.(ya?ml|json)$/.test(n));
    } catch {
      continue;
    }
    const own = names.filter((n) => n.replace(/\.(ya?ml|json)$/, '') === lessonId);
    for (const name of [...own, ...names.filter((n) => !own.includes(n))]) {
      if (!missing()) return prompts;
      readPrompts(join(dir, name), prompts);
    }
  }
  return prompts;
}

function readPrompts(path: string, prompts: Map<string, string>): void {
  try {
    const data = parseYaml(readBoundedText(path, MAX_CONTENT_BYTES), path).data as { questions?: unknown };
    if (!Array.isArray(data?.questions)) return;
    for (const q of data.questions as { id?: unknown; prompt?: unknown }[]) {
      if (typeof q?.id === 'string' && typeof q.prompt === 'string' && !prompts.has(q.id)) {
        prompts.set(q.id, q.prompt.trim());
      }
    }
  } catch {
    // A broken bank file is validate's to report; the lesson still prints.
  }
}

/**
 * `contentDir` is the instructor's folder (`--content`): its scenarios and
 * quizzes resolve before the shipped ones.
 */
export function lessonPlainText(curriculum: Curriculum, lesson: Lesson, width: number, ascii: boolean, contentDir?: string, narrate = false): string {
  const wanted = lesson.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : []));
  const prompts = bankPrompts([...(contentDir ? [join(contentDir, 'quizzes')] : []), shippedDir('quizzes')], wanted, lesson.id);
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
    narrate,
    glossary: curriculum.glossary,
    lessonNumber: (id) => curriculum.lessons.find((l) => l.id === id)?.number,
    questionPrompt: (id) => prompts.get(id),
    quizCommand: ownBankCommand(lesson, contentDir),
    renderScenario: (block, w) => scenarioBlockLines(block, w, ascii, findScenario, narrate),
  });
}

/**
 * `fence-tutor quiz --quiz <lesson id>` when the lesson has its own bank (a
 * quiz file named after it), so the line under a self-check asks exactly
 * these questions; else the lesson itself, whose self-check the app asks.
 */
function ownBankCommand(lesson: Lesson, contentDir?: string): string {
  const has = (dir: string) => ['.yaml', '.yml', '.json'].some((ext) => existsSync(join(dir, `${lesson.id}${ext}`)));
  if (contentDir && has(join(contentDir, 'quizzes'))) return `fence-tutor --content ${contentDir} quiz --quiz ${lesson.id}`;
  if (has(shippedDir('quizzes'))) return `fence-tutor quiz --quiz ${lesson.id}`;
  return lesson.number > 0 ? `fence-tutor lesson ${lesson.number} on a terminal (tab goes to the self-check)` : 'fence-tutor quiz';
}
