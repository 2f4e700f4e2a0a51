/**
 * What content checked on its own (a scenario, a quiz bank, a loose lesson)
 * resolves its references against: the shipped content, read once and only
 * when something needs it.
 */
import type { Scenario } from '../../core/types.js';
import type { GlossaryTerm, Lesson } from '../lesson/lesson-types.js';
import type { Problem } from '../shared/problems.js';
import type { ContentLoaders, QuestionRef } from './validate.js';

export interface ShippedRefs {
  scenarios: Scenario[];
  questions: Map<string, QuestionRef>;
  lessonIds: string[];
  glossary: readonly GlossaryTerm[];
}

/** Shipped content, read once and only if something needs it. Broken shipped content resolves nothing. */
export function lazyShipped(loaders: ContentLoaders): () => ShippedRefs {
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
export function checkLooseLessons(loose: Lesson[], shipped: ShippedRefs, problems: Problem[]): void {
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
