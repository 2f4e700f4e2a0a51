/**
 * The frame around every screen: global keys, the help overlay, the
 * too-small notice, and the hint line. The frame is one line shorter than
 * the terminal so Ink never clears the whole screen on redraw (trap 5).
 */
import { Box, useApp } from 'ink';
import { Suspense, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Display } from '../platform/display.js';
import { currentRoute, type RouterStore } from '../store/router-store.js';
import { AppContext, type AppContextValue, type AppServices } from './app-context.js';
import { HelpOverlay } from './components/help-overlay.js';
import { KeyHints } from './components/key-hints.js';
import { Loading } from './components/loading.js';
import { isTooSmall, TooSmall } from './components/too-small.js';
import { type GlobalFlags, NO_GLOBAL_FLAGS } from '../platform/global-flags.js';
import { EXIT } from '../platform/exit-codes.js';
import { actionFor, isKeyContext } from './keymap.js';
import { screenFor } from './screens/index.js';
import { makeTheme } from './theme.js';
import { useKeys } from './use-keys.js';
import { useTerminalSize } from './use-terminal-size.js';

export interface AppProps {
  router: RouterStore;
  display: Display;
  flags?: GlobalFlags;
  /** Swapped-in services (tests); none in production. */
  services?: AppServices;
}

const NO_SERVICES: AppServices = {};

export function App({ router, display, flags = NO_GLOBAL_FLAGS, services = NO_SERVICES }: AppProps) {
  const { exit } = useApp();
  const size = useTerminalSize();
  const route = useStore(router, currentRoute);
  const helpOpen = useStore(router, (s) => s.helpOpen);
  const focusedContext = useStore(router, (s) => s.keyContext);
  const exitCode = useStore(router, (s) => s.exitCode);
  const theme = useMemo(() => makeTheme(display), [display]);
  const tooSmall = isTooSmall(size);
  useEffect(() => router.getState().setTooSmall(tooSmall), [router, tooSmall]);

  useEffect(() => {
    if (exitCode !== null) exit(exitCode);
  }, [exitCode, exit]);

  useKeys(
    (input, key) => {
      const action = actionFor('global', input, key);
      const state = router.getState();
      if (action === 'quit') {
        if (state.ctrlCGuard?.()) return;
        state.quit(EXIT.interrupted);
        return;
      }
      // Too small: the hidden screen keeps its place; q or Esc leaves the app, as the notice says.
      if (state.tooSmall) {
        if (action === 'back') state.quit(EXIT.ok);
        return;
      }
      if (state.captureKeys && !state.helpOpen) return;
      if (action === 'help') state.toggleHelp();
      else if (action === 'back') state.back();
    },
    // While a field has the keys (captureKeys) a paste is text, whole.
    { takesText: () => router.getState().captureKeys },
  );

  const bodyRows = Math.max(1, size.rows - 2);
  const context: AppContextValue = useMemo(
    () => ({ display, theme, router, flags, services, area: { columns: size.columns, rows: bodyRows } }),
    [display, theme, router, flags, services, size.columns, bodyRows],
  );
  const entry = screenFor(route);
  // The router store holds a plain string (the store layer does not know the ui's keymap): checked here.
  // Until the screen's focused part sets its own, the one it will open with (the first frame's hints are right).
  const keyContext = focusedContext !== null && isKeyContext(focusedContext) ? focusedContext : (entry.openingContext?.(route) ?? entry.keyContext);
  const Screen = entry.component;

  return (
    <AppContext.Provider value={context}>
      {/* Narration mode grows like a transcript; otherwise a fixed frame one row shorter than the terminal. */}
      <Box flexDirection="column" width={size.columns} height={display.narrate ? undefined : Math.max(1, size.rows - 1)}>
        <Box flexDirection="column" flexGrow={1} overflow="hidden">
          {tooSmall ? <TooSmall size={size} /> : helpOpen ? <HelpOverlay context={keyContext} /> : null}
          {/*
            Hidden, not unmounted, under help and while the terminal is too
            small: the screen keeps its state and its focused part (the focus
            rule), and a lab run keeps going rather than starting again.
          */}
          <Box display={helpOpen || tooSmall ? 'none' : 'flex'} flexDirection="column" flexGrow={1}>
            <Suspense fallback={<Loading />}>
              <Screen route={route} />
            </Suspense>
          </Box>
        </Box>
        {/* Quitting: the last frame stays on the terminal after the app ends, with no keys left to offer. */}
        {tooSmall || exitCode !== null ? null : <KeyHints context={helpOpen ? 'global' : keyContext} />}
      </Box>
    </AppContext.Provider>
  );
}
