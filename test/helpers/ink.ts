/**
 * Keys and sizes for ink-testing-library. Every key is written inside
 * `act()` so React has flushed the state it causes before the next key
 * (design.md, trap 3); a bare `stdin.write` back to back reads stale state.
 *
 *   const { stdin, lastFrame } = renderApp({ screen: 'home' });
 *   await press(stdin, 'down', 'enter');
 */
import type { AppServices } from '../../src/ui/app-context.js';
import { act, createElement } from 'react';
import { render } from 'ink-testing-library';
import { vi } from 'vitest';
import type { Display } from '../../src/platform/display.js';
import type { GlobalFlags } from '../../src/platform/global-flags.js';
import { createRouterStore, type Route, type RouterStore } from '../../src/store/router-store.js';
import { App } from '../../src/ui/app.js';
// Home loads these after its first frame (reader-sources when the build's
// content snapshot does not match); loaded here first, those imports
// resolve from the module cache, and never after a test file has ended.
import '../../src/ui/reader/continue-entry.js';
import '../../src/ui/reader/reader-sources.js';

const KEYS: Record<string, string> = {
  enter: '\r',
  esc: '\u001b',
  space: ' ',
  tab: '\t',
  backspace: '\u007f',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageup: '\u001b[5~',
  pagedown: '\u001b[6~',
  'ctrl-c': '\u0003',
};

interface Writable {
  write: (data: string) => void;
}

/** Press keys one after another: names from KEYS, or literal characters. */
export async function press(stdin: Writable, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    await act(async () => {
      stdin.write(KEYS[key] ?? key);
      // Ink parses a lone ESC after a short pause (it may start a sequence).
      await new Promise((resolve) => setTimeout(resolve, key === 'esc' ? 30 : 0));
    });
  }
}

/** Let timers and effects run (e.g. a playing timeline) for `ms`, inside act(). */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * Playback (src/store/playback-clock.ts and every other repeating timer) on
 * vitest's fake clock, so a test plays a timeline without waiting for it in
 * real time. Only setInterval is faked: keys, Ink's renders and waitForFrame
 * keep real time. Pair with `afterEach(() => vi.useRealTimers())`.
 */
export function fakePlaybackTimers(): void {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}

/** Moves the fake playback clock on by `ms` (fakePlaybackTimers first), inside act(). */
export async function playFor(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/**
 * ink-testing-library fixes columns at 100 and has no rows (trap 4): set both
 * on the fake stdout and announce a resize, as a real terminal would.
 */
export async function setTerminalSize(stdout: object, columns: number, rows: number): Promise<void> {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  await act(async () => {
    (stdout as { emit: (e: string) => void }).emit('resize');
  });
}

export const TEST_DISPLAY: Display = {
  interactive: true,
  ascii: false,
  color: false,
  reducedMotion: false,
  narrate: false,
  columns: 100,
  rows: 30,
};

function fromHome(route: Route): RouterStore {
  const router = createRouterStore();
  if (route.screen !== 'home') router.getState().push(route);
  return router;
}

export interface RenderedApp extends ReturnType<typeof render> {
  router: RouterStore;
}

/**
 * The whole app on a route, with a fresh router store, at `size` (default
 * 100x30). The route is opened as from Home (Home under it, so q goes back
 * there); pass `router: createRouterStore(route)` for a route opened from
 * the shell, where q at its top level quits.
 */
export async function renderApp(
  route: Route = { screen: 'home' },
  options: {
    display?: Partial<Display>;
    size?: { columns: number; rows: number };
    router?: RouterStore;
    services?: AppServices;
    /** The global flags, e.g. `content` for `--content DIR`. */
    flags?: GlobalFlags;
  } = {},
): Promise<RenderedApp> {
  const router = options.router ?? fromHome(route);
  const display = { ...TEST_DISPLAY, ...options.display };
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(
      createElement(App, { router, display, ...(options.services ? { services: options.services } : {}), ...(options.flags ? { flags: options.flags } : {}) }),
    );
  });
  if (!rendered) throw new Error('render failed');
  const size = options.size ?? { columns: 100, rows: 30 };
  await setTerminalSize(rendered.stdout, size.columns, size.rows);
  return { ...rendered, router };
}

/**
 * Waits until the last frame contains `match` (a lazily loaded screen, a
 * timer), letting React work in between; fails with the frame after timeoutMs.
 */
export async function waitForFrame(lastFrame: () => string | undefined, match: string | RegExp, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (typeof match === 'string' ? frame.includes(match) : match.test(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`no frame matched ${String(match)} within ${timeoutMs} ms; last frame:\n${frame}`);
    await advance(20);
  }
}

/**
 * A route the app's types do not know: a screen not built yet, or a test's
 * own screen registered for the test. The app must still cope (it shows
 * "not built yet"), so tests build one on purpose.
 */
export function unknownRoute(screen: string, params: Record<string, unknown> = {}): Route {
  return { ...params, screen } as unknown as Route;
}
