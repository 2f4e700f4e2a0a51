/**
 * Starts the Ink app. Loaded only through a dynamic import from the CLI, so
 * plain and JSON commands never load React.
 */
import { render } from 'ink';
import type { Display } from '../platform/display.js';
import { onCleanup, runCleanup } from '../platform/cleanup.js';
import { takeEarlyKeys } from '../platform/early-keys.js';
import type { GlobalFlags } from '../platform/global-flags.js';
import { createRouterStore, type Route, type ScreenName } from '../store/router-store.js';
import { EXIT } from '../platform/exit-codes.js';
import { App } from './app.js';
import { asciiOnly } from './ascii-output.js';
import { type ScreenEntry, SCREENS } from './screens/index.js';

export type { Route };

export interface AppOptions {
  route: Route;
  display: Display;
  flags: GlobalFlags;
}

/**
 * The screen the CLI opens directly (`fence-tutor lesson 4`, `quiz`, `lab`,
 * `sim` on a terminal): its lazy entry is swapped for the loaded component
 * before the first frame, so that frame is the screen itself, not
 * "Loading..." held on screen by React's Suspense throttle (ScreenEntry.load).
 */
export async function preloadScreen(name: ScreenName): Promise<void> {
  const entry = SCREENS[name] as ScreenEntry | undefined;
  if (entry?.load) entry.component = await entry.load();
}

/** Renders the app and resolves with its exit code once it has unmounted. */
export async function runApp(options: AppOptions): Promise<number> {
  await preloadScreen(options.route.screen);
  const router = createRouterStore(options.route);
  // Raw mode before the first frame: keys typed as soon as the menu shows
  // would otherwise meet the terminal's line editing (echoed, held back, or
  // lost) in the moment before Ink's input hooks switch it over.
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  // What was typed while the app loaded (the CLI's hold), for the screen once it is ready.
  const earlyKeys = takeEarlyKeys();
  // Keys typed before the hold began were echoed where the first frame starts: that line is cleared first.
  if (earlyKeys && process.stdout.isTTY) process.stdout.write('\r\u001b[2K');
  const app = render(<App router={router} display={options.display} flags={options.flags} />, {
    exitOnCtrlC: false,
    // The app's own narration is the screen-reader path (--narrate); Ink's
    // screen-reader mode would drop the layout the narration is written for.
    patchConsole: true,
    // --ascii or a non-UTF-8 locale: no glyph the terminal cannot show, whoever drew it (ascii-output.ts).
    ...(options.display.ascii ? { stdout: asciiOnly(process.stdout) } : {}),
  });
  // The keys typed while the app loaded go back into stdin, ahead of anything
  // newer, through Node's public stream API: Ink reads them as typed once its
  // input listener is on (a run of keys acts once per key: ui/use-keys.ts).
  if (earlyKeys) process.stdin.unshift(earlyKeys);
  // SIGTERM (or SIGHUP) while the app runs: give the terminal back first.
  const forgetUnmount = onCleanup(() => app.unmount());
  let code = 0;
  try {
    const value = await app.waitUntilExit();
    code = typeof value === 'number' ? value : 0;
  } finally {
    forgetUnmount();
    if (process.stdin.isTTY) process.stdin.setRawMode(false);
  }
  if (code === EXIT.interrupted) await runCleanup();
  return code;
}
