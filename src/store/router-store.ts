/**
 * Where the learner is: a stack of routes (home at the bottom), whether the
 * help overlay is open, and the exit code once the app decides to leave.
 * Vanilla zustand: no React here, so it is tested without a terminal.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

import type { Route } from './routes.js';

export type { Route, RouteOf, ScreenName } from './routes.js';

export interface RouterState {
  /** Visited routes; the last one is shown. Never empty. */
  stack: Route[];
  helpOpen: boolean;
  /** Set once the app should end; the App unmounts and runApp resolves with it. */
  exitCode: number | null;
  /**
   * While true, the focused screen part takes every key but Ctrl-C (a text
   * field, a timeline inside a lesson): the global `?`, `q` and Esc stand aside.
   */
  captureKeys: boolean;
  /**
   * A screen may claim Ctrl-C once (an exam asks "leave the exam?"): return
   * true to say it was handled. Null: Ctrl-C quits at once.
   */
  ctrlCGuard: (() => boolean) | null;
  /**
   * A screen with an embedded part (a panel, a replay) may take q/Esc to
   * close that part first: return true to say it was handled.
   */
  backGuard: (() => boolean) | null;
  /** The key context of the focused part, when it is not the screen's own (help and hints follow it). */
  keyContext: string | null;
  /**
   * The terminal is below the app's minimum: the screen stays mounted (it
   * keeps its state, a lab run keeps going) but hidden, and takes no keys.
   */
  tooSmall: boolean;
  push: (route: Route) => void;
  /** Replace the shown route (a picker that becomes the thing it picked). */
  replace: (route: Route) => void;
  /** Back one screen; from the bottom of the stack, quit with 0. */
  back: () => void;
  toggleHelp: () => void;
  closeHelp: () => void;
  quit: (code: number) => void;
  setCaptureKeys: (on: boolean) => void;
  setCtrlCGuard: (guard: (() => boolean) | null) => void;
  setBackGuard: (guard: (() => boolean) | null) => void;
  setKeyContext: (context: string | null) => void;
  setTooSmall: (on: boolean) => void;
}

export type RouterStore = StoreApi<RouterState>;

/** What a screen claimed ends when it is left. */
const LEAVE_SCREEN = { helpOpen: false, captureKeys: false, ctrlCGuard: null, backGuard: null, keyContext: null };

export function createRouterStore(initial: Route = { screen: 'home' }): RouterStore {
  // A route opened directly from the shell (`fence-tutor lesson 2`, `sim
  // ...`, `quiz --mode review`) is the bottom of the stack: `q` at its top
  // level returns to the shell the learner came from, not to a Home they
  // never opened.
  const stack: Route[] = [initial];
  return createStore<RouterState>()((set, get) => ({
    stack,
    helpOpen: false,
    exitCode: null,
    captureKeys: false,
    ctrlCGuard: null,
    backGuard: null,
    keyContext: null,
    tooSmall: false,
    push: (route) => set({ stack: [...get().stack, route], ...LEAVE_SCREEN }),
    replace: (route) => set({ stack: [...get().stack.slice(0, -1), route], ...LEAVE_SCREEN }),
    back: () => {
      const { stack: current, helpOpen, backGuard } = get();
      if (helpOpen) {
        set({ helpOpen: false });
        return;
      }
      if (backGuard?.()) return;
      if (current.length <= 1) {
        set({ exitCode: 0 });
        return;
      }
      set({ stack: current.slice(0, -1), ...LEAVE_SCREEN });
    },
    toggleHelp: () => set({ helpOpen: !get().helpOpen }),
    closeHelp: () => set({ helpOpen: false }),
    quit: (code) => set({ exitCode: code }),
    setCaptureKeys: (on) => set({ captureKeys: on }),
    setCtrlCGuard: (guard) => set({ ctrlCGuard: guard }),
    setBackGuard: (guard) => set({ backGuard: guard }),
    setKeyContext: (context) => set({ keyContext: context }),
    setTooSmall: (on) => set({ tooSmall: on }),
  }));
}

/** The screen is covered (help, or a terminal too small): it takes no keys. */
export function screenCovered(state: RouterState): boolean {
  return state.helpOpen || state.tooSmall;
}

/** The route on top of the stack. */
export function currentRoute(state: RouterState): Route {
  return state.stack[state.stack.length - 1] ?? { screen: 'home' };
}
