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
  /** Absent in a report made before challenges existed. */
  challenges?: number;
}

export interface ValidateReport {
  problems: Problem[];
  /** Rules an instructor's bank should follow but may break (quizzes/FORMAT.md, "Fair questions"). */
  warnings: Problem[];
  counts: ValidateCounts;
  /** `validate --stats`: the quiz banks' tell figures, pooled then per bank (quiz-tells.ts). */
  stats?: string[];
}

/** The OK line; `warnings` (printed on stderr before it) are counted so that "no problems" does not read as "nothing to see". */
export function summarize(counts: ValidateCounts, warnings = 0): string {
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `OK: ${[
    part(counts.lessons, 'lesson', 'lessons'),
    part(counts.glossaryTerms, 'glossary term', 'glossary terms'),
    `${part(counts.questions, 'question', 'questions')}${counts.recall > 0 ? ` (${counts.recall} recall)` : ''}`,
    part(counts.scenarios, 'scenario', 'scenarios'),
    part(counts.assignments, 'assignment', 'assignments'),
    ...(counts.challenges ? [part(counts.challenges, 'challenge', 'challenges')] : []),
  ].join(', ')}; no problems${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'} (above)` : ''}`;
}
