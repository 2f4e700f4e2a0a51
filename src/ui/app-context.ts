/**
 * What every screen may read: the display decisions, the theme, the router,
 * the flags the app was started with, and the space it may draw in.
 */
import { createContext, useContext } from 'react';
import type { Display } from '../platform/display.js';
import type { GlobalFlags } from '../platform/global-flags.js';
import type { LabListener, LabOptions, LabResult } from '../lab/types.js';
import type { QuizStore } from '../store/quiz-store.js';
import type { RouterStore } from '../store/router-store.js';
import type { PredictFocus } from './screens/quiz/predict-moment.js';
import type { Theme } from './theme.js';

export interface AppContextValue {
  display: Display;
  theme: Theme;
  router: RouterStore;
  flags: GlobalFlags;
  /** What a test swaps in (the real ones are loaded when used); routes carry data only. */
  services: AppServices;
  /** Columns and rows a screen's body may use (the hint line is already taken off). */
  area: { columns: number; rows: number };
}

import type { CliChild } from './screens/exercises/cli-child.js';

export interface AppServices {
  /** The lab screen's runner (a test's fake; by default the real one, loaded on first run). */
  runLab?: (options: LabOptions, listener: LabListener) => Promise<LabResult>;
  /** A sitting made beforehand, opened by every quiz route instead of drawing one (tests). */
  quizSitting?: { store: QuizStore; focus?: Map<string, PredictFocus> };
  /** The Exercises screen's child processes (a test's fake; by default the tutor's own commands). */
  runCli?: (args: string[]) => CliChild;
  /** The tools the Exercises screen treats as missing (tests); by default looked up on PATH. */
  missingTools?: string[];
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside <App>');
  return value;
}
