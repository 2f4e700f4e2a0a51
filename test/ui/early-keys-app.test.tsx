/**
 * Keys typed before the first frame (the CLI's hold hands them to the app as
 * `earlyKeys`) and keys read together while kept: each one reaches the screen
 * that owns it, in order, once it is ready, as if typed after the first frame.
 */
import { act, createElement } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { appProgressStore } from '../../src/store/progress-store.js';
import { createRouterStore, type Route } from '../../src/store/router-store.js';
import { loadReaderSources } from '../../src/ui/reader/reader-sources.js';
import { App } from '../../src/ui/app.js';
import { preloadScreen } from '../../src/ui/run-app.js';
import { advance, renderApp, setTerminalSize, TEST_DISPLAY, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

/** The app as the CLI opens it on `route`, with what was typed while it loaded. */
async function openWithEarlyKeys(route: Route, earlyKeys: string) {
  const router = createRouterStore(route);
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(createElement(App, { router, display: TEST_DISPLAY, earlyKeys }));
  });
  await setTerminalSize(rendered!.stdout, 100, 30);
  return { ...rendered!, router };
}

describe('keys typed before the first frame', () => {
  it('j j j typed while `lesson 3` loaded scroll the reader three lines', async () => {
    await preloadScreen('reader'); // as runApp does for the screen the CLI opens
    const route = { screen: 'reader', lessonId: 'lease-budgets' } as Route;
    const topLine = (frame: string | undefined) => Number(/ (\d+)-\d+ of \d+ lines/.exec(frame ?? '')?.[1]);
    // Where the reading left off (the progress other tests share): the same app with nothing typed.
    const still = await openWithEarlyKeys(route, '');
    await advance(300);
    const top = topLine(still.lastFrame());
    still.unmount();
    expect(top).toBeGreaterThan(0);
    const app = await openWithEarlyKeys(route, 'jjj');
    await waitForFrame(app.lastFrame, new RegExp(` ${top + 3}-\\d+ of \\d+ lines`), 15_000);
    await advance(200);
    expect(topLine(app.lastFrame())).toBe(top + 3);
  });

  it('2 j j Enter typed while Home loaded open Lessons (loaded on first use), move twice and read that lesson', async () => {
    // The list opens on the lesson last read (the progress other tests share): two below it.
    const ids = (await loadReaderSources({})).curriculum.lessons.map((l) => l.id);
    const last = appProgressStore().getState().progress.lastLessonId;
    const expected = ids[Math.max(0, last ? ids.indexOf(last) : 0) + 2];
    const app = await openWithEarlyKeys({ screen: 'home' }, '2jj\r');
    for (let i = 0; i < 150 && app.router.getState().stack.at(-1)?.screen !== 'reader'; i++) await advance(20);
    expect(app.router.getState().stack.map((r) => r.screen)).toEqual(['home', 'lessons', 'reader']);
    expect(app.router.getState().stack.at(-1)).toMatchObject({ lessonId: expected });
  });

  it('a Ctrl-C read together with other keys (typed as the app started) quits at once with 130', async () => {
    const app = await renderApp({ screen: 'home' });
    await act(async () => {
      app.stdin.write('jj\u0003');
    });
    expect(app.router.getState().exitCode).toBe(130);
  });

  it('kept keys of the first frame that include a Ctrl-C: the Ctrl-C quits before any of them', async () => {
    const app = await openWithEarlyKeys({ screen: 'home' }, '');
    await act(async () => {
      app.stdin.write('2\u0003');
    });
    expect(app.router.getState().exitCode).toBe(130);
    expect(app.router.getState().stack.map((r) => r.screen)).toEqual(['home']);
  });
});
