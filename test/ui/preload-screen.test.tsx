/**
 * Issue 18: a screen the CLI opens directly (`lesson 4`, `quiz`, `lab`, `sim`
 * on a terminal) is fetched before the first frame. Left lazy, the first
 * frame is "Loading...", and React holds the screen back until 300 ms after
 * that fallback showed (its Suspense throttle): that wait was most of the
 * reader's, the quiz's and the Lab screen's first frames over 3x `node -e 0`.
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouterStore, type ScreenName } from '../../src/store/router-store.js';
import { preloadScreen } from '../../src/ui/run-app.js';
import { type ScreenEntry, SCREENS } from '../../src/ui/screens/index.js';
import { renderApp } from '../helpers/ink.js';

const isLazy = (component: unknown) => (component as { $$typeof?: symbol }).$$typeof === Symbol.for('react.lazy');
const entry = (name: ScreenName) => SCREENS[name] as ScreenEntry;

afterEach(() => {
  cleanup();
});

describe('a screen the CLI opens directly', () => {
  it('every lazily loaded screen says how to fetch it before the first frame', () => {
    const lazyOnes = Object.entries(SCREENS).filter(([, e]) => isLazy(e.component));
    expect(lazyOnes.map(([name]) => name)).toEqual(expect.arrayContaining(['reader', 'quiz', 'lab', 'simulator']));
    for (const [name, e] of lazyOnes) expect(e.load, name).toBeTypeOf('function');
  });

  it.each(['reader', 'quiz', 'lab', 'simulator'] as const)('%s: preloadScreen swaps the lazy entry for the loaded screen', async (name) => {
    await preloadScreen(name);
    expect(isLazy(entry(name).component)).toBe(false);
  });

  it('the first frame of `lesson 4` is the lesson itself, not "Loading..."', async () => {
    await preloadScreen('reader');
    const route = { screen: 'reader', lessonId: 'tokens-in-real-systems' } as const;
    const { lastFrame } = await renderApp(route, { router: createRouterStore(route) });
    expect(lastFrame()).not.toContain('Loading...');
    expect(lastFrame()).toContain('Where the token lives in real systems');
  });
});
