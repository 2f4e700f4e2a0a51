/**
 * Issue 18: the first frame of `fence-tutor quiz` on a terminal is the
 * sitting as it stays, hint line included. The hint line used to come from
 * the registry's 'quiz-menu' context until the sitting's effect set its own,
 * so the first question was painted with the menu's keys ("enter start") and
 * the right keys came a throttled frame later (Ink: 33 ms), which was the
 * frame a person (and the bench) waited for.
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizMode } from '../../src/core/quiz/grading.js';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { createRouterStore } from '../../src/store/router-store.js';
import type { QuizRoute } from '../../src/store/routes.js';
import { preloadScreen } from '../../src/ui/run-app.js';
import { contextOf, openingContext } from '../../src/ui/screens/quiz/sitting-context.js';
import { renderApp } from '../helpers/ink.js';
import { SINGLE, TRUEFALSE } from './quiz-fixtures.js';
import { withOwnDataDir } from './quiz-home.js';

withOwnDataDir();
afterEach(() => {
  cleanup();
});

const MODES: QuizMode[] = ['practice', 'exam', 'review'];

/** What quiz-run.ts puts in the route. */
function cliRoute(mode: QuizMode, questions = [SINGLE, TRUEFALSE]): QuizRoute {
  return {
    screen: 'quiz',
    mode,
    quiz: 'all',
    contentHash: 'h',
    seed: 1,
    count: null,
    timeLimitMs: null,
    passMark: mode === 'exam' ? 70 : null,
    student: null,
    report: null,
    format: null,
    assignment: null,
    questions,
  };
}

const hintLine = (frame: string | undefined) =>
  (frame ?? '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1)
    ?.trim();

describe("the quiz's first frame from the command line", () => {
  it.each(MODES)('%s: the opening context is the one the store opens in', (mode) => {
    const store = createQuizStore({
      questions: [SINGLE, TRUEFALSE],
      meta: { quiz: 'all', contentHash: 'h', seed: 1, mode, student: null, passMark: null, timeLimitMs: null, version: 'test' },
      persist: { saveReport: () => [], recordReview: () => {} },
    });
    expect(openingContext(cliRoute(mode))).toBe(contextOf(store.getState()));
  });

  it('no opening context without drawn questions: the menu, a sitting drawn by the screen, an empty draw', () => {
    expect(openingContext({ screen: 'quiz' })).toBeUndefined();
    expect(openingContext({ screen: 'quiz', mode: 'practice' })).toBeUndefined();
    expect(openingContext(cliRoute('review', []))).toBeUndefined();
  });

  it.each(MODES)('%s: the first frame already shows the hint line the sitting keeps', async (mode) => {
    await preloadScreen('quiz');
    const route = cliRoute(mode);
    const { frames, lastFrame } = await renderApp(route, { router: createRouterStore(route), size: { columns: 100, rows: 30 } });
    const settled = hintLine(lastFrame());
    expect(settled).toMatch(mode === 'exam' ? /enter start the exam/ : /1-9 choose/);
    expect(hintLine(frames[0])).toBe(settled);
  });
});
