/**
 * The focus rule, in one place: while a screen (or a part of it) has the
 * keys, help and hints follow its key context, q/Esc and Ctrl-C ask it first
 * (a panel closes, an exam asks "leave?"), and a text field can capture every
 * key. Screens used to register and clear these by hand in three copies; the
 * hook registers them and clears exactly what it set when the screen closes.
 *
 * The guards read the latest props through a ref, so they are registered once
 * and a re-render never leaves a stale closure in the router.
 */
import { useEffect, useRef } from 'react';
import { useAppContext } from './app-context.js';

export interface FocusGuards {
  /** The keymap context help and hints show; null for the screen's own. */
  keyContext: string | null;
  /** True while a text field takes every key (the reader's search). Left alone when undefined. */
  captureKeys?: boolean;
  /** q/Esc: true when handled here (a panel closed), false to let the router go back. */
  back?: () => boolean;
  /** Ctrl-C: true when handled here (asked to confirm), false to let the app quit. */
  ctrlC?: () => boolean;
}

export function useFocusGuards(guards: FocusGuards): void {
  const { router } = useAppContext();
  const latest = useRef(guards);
  latest.current = guards;
  const { keyContext, captureKeys } = guards;
  const hasBack = guards.back !== undefined;
  const hasCtrlC = guards.ctrlC !== undefined;
  const hasCapture = captureKeys !== undefined;

  useEffect(() => {
    const r = router.getState();
    r.setKeyContext(keyContext);
    if (captureKeys !== undefined) r.setCaptureKeys(captureKeys);
  }, [router, keyContext, captureKeys]);

  useEffect(() => {
    const r = router.getState();
    if (hasBack) r.setBackGuard(() => latest.current.back?.() ?? false);
    if (hasCtrlC) r.setCtrlCGuard(() => latest.current.ctrlC?.() ?? false);
    return () => {
      const now = router.getState();
      if (hasBack) now.setBackGuard(null);
      if (hasCtrlC) now.setCtrlCGuard(null);
      if (hasCapture) now.setCaptureKeys(false);
      now.setKeyContext(null);
    };
  }, [router, hasBack, hasCtrlC, hasCapture]);
}
