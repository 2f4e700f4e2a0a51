/**
 * The bank and assignment loaders a quiz plan uses (quiz-settings.ts,
 * PlanSources). With neither `--content` nor `--assignment`, a shipped bank
 * comes from the build's snapshot (built-content.ts) when it matches the
 * files: no YAML parser, schema check or engine run for the predict keys.
 * Anything else goes through the real loaders, imported only then.
 */
import { builtBank } from '../../content/shared/built-content.js';
import type { PlanSources, QuizFlags } from './quiz-settings.js';

export async function planSources(flags: QuizFlags): Promise<PlanSources> {
  if (flags.assignment === undefined && flags.content === undefined) {
    const bank = builtBank(flags.quiz);
    if (bank) {
      return {
        loadBank: () => bank,
        loadAssignment: () => {
          throw new Error('planSources: no --assignment was given');
        },
      };
    }
  }
  const [{ loadQuizArgWithContent }, { loadAssignmentFile }] = await Promise.all([
    import('../../content/quiz/quiz-loader.js'),
    import('../../content/assignment/assignment-loader.js'),
  ]);
  return { loadBank: loadQuizArgWithContent, loadAssignment: loadAssignmentFile };
}
