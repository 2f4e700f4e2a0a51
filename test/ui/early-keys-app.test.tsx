/**
 * Keys typed before the first frame (the CLI's hold keeps them; run-app puts
 * them back into stdin) reach the first screen in one read, and act once
 * each (ui/use-keys.ts); a Ctrl-C among them quits at once. Keys typed while
 * a later screen's code loads are not kept (issue 32 dropped that replay).
 */
import { act, createElement } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createRouterStore, type Route } from '../../src/store/router-store.js';
import { App } from '../../src/ui/app.js';
import { preloadScreen } from '../../src/ui/run-app.js';
import { advance, renderApp, setTerminalSize, TEST_DISPLAY, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

/** The app as the CLI opens it on `route`, with what was typed while it loaded. */
async function openWithEarlyKeys(route: Route, earlyKeys: string) {
  const router = createRouterStore(route);
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(createElement(App, { router, display: TEST_DISPLAY }));
  });
  // As run-app puts them back into stdin: read by Ink in one go once it listens.
  if (earlyKeys)
    await act(async () => {
      rendered!.stdin.write(earlyKeys);
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
