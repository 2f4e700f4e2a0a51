/**
 * What `validate` reports, apart from the checks themselves, so that the
 * build's verdict on the shipped content (built-content.ts) can be printed
 * without loading the loaders.
 */
import type { Problem } from '../shared/problems.js';

export interface ValidateCounts {
  lessons: number;
  glossaryTerms: number;
  questions: number;
  scenarios: number;
  assignments: number;
  /** Questions marked `recall: true` among `questions`. */
  recall: number;
}

export interface ValidateReport {
  problems: Problem[];
  /** Rules an instructor's bank should follow but may break (quizzes/FORMAT.md, "Fair questions"). */
  warnings: Problem[];
  counts: ValidateCounts;
}

export function summarize(counts: ValidateCounts): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `OK: ${[
    part(counts.lessons, 'lesson', 'lessons'),
    part(counts.glossaryTerms, 'glossary term', 'glossary terms'),
    `${part(counts.questions, 'question', 'questions')}${counts.recall > 0 ? ` (${counts.recall} recall)` : ''}`,
    part(counts.scenarios, 'scenario', 'scenarios'),
    part(counts.assignments, 'assignment', 'assignments'),
  ].join(', ')}; no problems`;
}
