/**
 * What the reader needs from content, loaded once per app run through the
 * `--content` aggregation: the curriculum (shipped + local), the question
 * bank by id (for the self-check), and scenarios by id (for the timelines).
 */
import { allLessons, allQuestions, type ContentFlags, findScenario } from '../../content/shared/content-sources.js';
import type { Curriculum } from '../../content/lesson/lesson-types.js';
import type { Question } from '../../core/quiz/types.js';
import type { Scenario } from '../../core/types.js';

export interface ReaderSources {
  curriculum: Curriculum;
  localIds: ReadonlySet<string>;
  question: (id: string) => Question | undefined;
  scenario: (id: string) => Scenario | undefined;
}

const cache = new Map<string, ReaderSources>();

export function readerSources(flags: ContentFlags): ReaderSources {
  const key = flags.content ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const { curriculum, localIds } = allLessons(flags);
  let questions: Map<string, Question> | undefined;
  const scenarios = new Map<string, Scenario | undefined>();
  const sources: ReaderSources = {
    curriculum,
    localIds,
    // The bank is read on first use: the lessons list and Home need only the curriculum.
    question: (id) => {
      questions ??= new Map(allQuestions(flags).map((q) => [q.id, q] as const));
      return questions.get(id);
    },
    scenario: (id) => {
      if (!scenarios.has(id)) scenarios.set(id, findScenario(id, flags));
      return scenarios.get(id);
    },
  };
  cache.set(key, sources);
  return sources;
}

/** The self-check question ids of a lesson, in order. */
export function selfCheckIds(lesson: { blocks: readonly { kind: string; ids?: string[] }[] }): string[] {
  return lesson.blocks.flatMap((b) => (b.kind === 'quiz' && b.ids ? b.ids : []));
}
