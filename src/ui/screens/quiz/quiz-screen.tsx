/**
 * Route `quiz`. Without a mode it is the quiz menu; with one (from the menu
 * or from `fence-tutor quiz` on a terminal) it opens a sitting: the bank is
 * loaded, the questions drawn, and a quiz store made for this mount. A route
 * may also carry a ready `store` (tests with a fake clock use that).
 */
import { Box } from 'ink';
import { use, useCallback, useMemo, useState } from 'react';
import { Text } from '../../components/text.js';
import { ContentError, formatProblem } from '../../../content/shared/problems.js';
import type { Question } from '../../../core/quiz/types.js';
import { createQuizStore, exitCodeFor, type QuizState, type QuizStore } from '../../../store/quiz-store.js';
import type { QuizRoute } from '../../../store/routes.js';
import { type AppServices, useAppContext } from '../../app-context.js';
import { inferFocus, type PredictFocus } from './predict-moment.js';
import { QuizMenu } from './quiz-menu.js';
import { dueCount } from './due-count.js';
import { filePersistence, requestFromRoute, sittingFromRoute } from './sitting.js';
import { useShippedScenarioLookup } from '../../shipped-scenarios.js';
import { SittingView } from './sitting-view.js';
import type { Theme } from '../../theme.js';
import { useFocusGuards } from '../../use-focus-guards.js';

type Opened = { store: QuizStore; focus: Map<string, PredictFocus> } | { message: string };
type SittingOpener = typeof import('./sitting-open.js');

let opener: Promise<SittingOpener> | undefined;

/**
 * The bank loader and the draw, for a sitting the app opens itself (the
 * menu's modes): imported on first need, so `fence-tutor quiz` (its questions
 * come drawn in the route) loads no YAML parser before its first question.
 */
function sittingOpener(): Promise<SittingOpener> {
  opener ??= import('./sitting-open.js');
  return opener;
}

/** True when this route's sitting must be drawn here (not made by a test, not brought drawn by the command). */
function drawsHere(route: QuizRoute, made: AppServices['quizSitting']): boolean {
  return !made && route.questions === undefined && requestFromRoute(route) !== null;
}

function focusMap(questions: readonly Question[]): Map<string, PredictFocus> {
  const map = new Map<string, PredictFocus>();
  for (const q of questions) if (q.type === 'predict') map.set(q.id, { ask: q.ask, ...(q.write ? { write: q.write } : {}) });
  return map;
}

/**
 * The sitting of each route, kept while the route is on the stack: the app
 * unmounts the screen under the help overlay (and below the minimum size),
 * and coming back must find the same sitting, not a new one.
 */
const OPENED = new WeakMap<QuizRoute, Opened | null>();

function openOnce(route: QuizRoute, contentDir: string | undefined, made: AppServices['quizSitting'], from: SittingOpener | undefined): Opened | null {
  if (!OPENED.has(route)) OPENED.set(route, open(route, contentDir, made, from));
  return OPENED.get(route) ?? null;
}

function open(route: QuizRoute, contentDir: string | undefined, made: AppServices['quizSitting'], from: SittingOpener | undefined): Opened | null {
  if (made) return { store: made.store, focus: made.focus ?? new Map<string, PredictFocus>() };
  const req = requestFromRoute(route);
  if (!req) return null;
  if (contentDir !== undefined) req.content = contentDir;
  try {
    const opened = sittingFromRoute(route) ?? from?.openSitting(req, { now: Date.now() });
    if (!opened) throw new Error('the quiz could not open its sitting: the bank loader is not loaded');
    if ('empty' in opened) return { message: opened.empty };
    const store = createQuizStore({ questions: opened.questions, meta: opened.meta, persist: filePersistence(req) });
    const focus = focusMap(opened.bank.questions);
    for (const q of opened.questions) if (q.type === 'predict' && !focus.has(q.id)) focus.set(q.id, inferFocus(q));
    return { store, focus };
  } catch (err) {
    if (err instanceof ContentError) return { message: err.problems.map(formatProblem).join('\n') };
    throw err;
  }
}

export function QuizScreen({ route }: { route: QuizRoute }) {
  const { router, theme, flags, services } = useAppContext();
  const contentDir = flags.content;
  // Suspends (the app's "Loading...", keys kept) while the bank loader is imported.
  const from = drawsHere(route, services.quizSitting) ? use(sittingOpener()) : undefined;
  // Before the first question: a predict question's scenario may need the scenario loader too.
  useShippedScenarioLookup();
  const opened = useMemo(() => openOnce(route, contentDir, services.quizSitting, from), [route, contentDir, services.quizSitting, from]);
  const [due] = useState(() => (opened ? 0 : dueCount(Date.now())));
  const focusOf = useCallback((id: string) => (opened && 'focus' in opened ? opened.focus.get(id) : undefined), [opened]);
  const onDone = useCallback(
    (state: QuizState) => {
      const r = router.getState();
      // Opened by `fence-tutor quiz` (it brings the drawn questions): the
      // command ends with the quiz, and with its status, as the plain path does.
      if (route.exitOnFinish === true || route.questions !== undefined) {
        r.quit(exitCodeFor(state.report));
        return;
      }
      r.setBackGuard(null);
      r.back();
    },
    [router, route],
  );
  if (!opened) return <QuizMenu due={due} />;
  if ('message' in opened) return <QuizMessage message={opened.message} theme={theme} />;
  return <SittingView store={opened.store} focusOf={focusOf} onDone={onDone} />;
}

/** Nothing to sit (nothing due, a bank that does not load): its hint line offers q alone, not the menu's keys. */
function QuizMessage({ message, theme }: { message: string; theme: Theme }) {
  useFocusGuards({ keyContext: 'message' });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Quiz
      </Text>
      <Text>{message}</Text>
      <Text color={theme.color('muted')}>Press q to go back.</Text>
    </Box>
  );
}
