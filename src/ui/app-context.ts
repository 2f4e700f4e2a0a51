/**
 * What every screen may read: the display decisions, the theme, the router,
 * the flags the app was started with, and the space it may draw in.
 */
import { createContext, useContext } from 'react';
import type { Display } from '../platform/display.js';
import type { RouterStore } from '../store/router-store.js';
import type { Theme } from './theme.js';

export interface AppContextValue {
  display: Display;
  theme: Theme;
  router: RouterStore;
  flags: Record<string, unknown>;
  /** Columns and rows a screen's body may use (the hint line is already taken off). */
  area: { columns: number; rows: number };
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside <App>');
  return value;
}
