/**
 * Which key context a sitting's hint line and help show, from its state:
 * the sitting view sets it on every change (useFocusGuards), and the app's
 * first frame takes the opening one from the route (ScreenEntry.openingContext),
 * so `fence-tutor quiz` never paints its first question with the menu's keys.
 * No React and no store code here: the screen registry, which home's first
 * frame loads, imports it.
 */
import { modeRules, openingPhase } from '../../../core/quiz/mode-rules.js';
import type { QuizState } from '../../../store/quiz-store.js';
import type { QuizRoute } from '../../../store/routes.js';
import type { KeyContextId } from '../../keymap.js';

/** The sitting's key contexts, one per phase (see quiz-keys.ts). */
export type SittingContext = Extract<KeyContextId, `quiz-${string}`>;

/** What contextOf reads of a sitting's state. */
export type SittingFocus = Pick<QuizState, 'phase' | 'confirm' | 'feedback'> & { meta: Pick<QuizState['meta'], 'mode'> };

export function contextOf(s: SittingFocus): Exclude<SittingContext, 'quiz-menu'> {
  if (s.phase === 'intro') return 'quiz-intro';
  if (s.phase === 'summary') return 'quiz-summary';
  if (s.confirm) return 'quiz-confirm';
  if (!modeRules(s.meta.mode).feedback) return 'quiz-exam';
  if (!s.feedback) return 'quiz-practice';
  return s.feedback.canRetry ? 'quiz-feedback' : 'quiz-solved';
}

/**
 * The context of the sitting a route opens, when the route brings its drawn
 * questions (`fence-tutor quiz`): the store's opening state, known before it
 * is made. Undefined otherwise: the menu, a sitting the screen draws itself
 * (it shows "Loading..." first), or no questions (a message, not a sitting).
 */
export function openingContext(route: QuizRoute): SittingContext | undefined {
  if (route.mode === undefined || route.questions === undefined || route.questions.length === 0) return undefined;
  return contextOf({ phase: openingPhase(route.mode), confirm: null, feedback: null, meta: { mode: route.mode } });
}
