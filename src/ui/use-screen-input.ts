/**
 * A screen's keys, as actions of its keymap context. Inactive while the help
 * overlay is open, so `?` help never sends keys to the screen beneath it,
 * and while the terminal is too small (the screen is hidden, not gone).
 */
import { type Key, useInput } from 'ink';
import { useStore } from 'zustand';
import { screenCovered } from '../store/router-store.js';
import { useAppContext } from './app-context.js';
import { type ActionOf, actionFor, type KeyContextId } from './keymap.js';

/** `onAction` receives the context's actions only: a `case` for an action the context lacks does not compile. */
export function useScreenInput<C extends KeyContextId>(
  context: C,
  onAction: (action: ActionOf<C>, input: string, key: Key) => void,
  options: {
    isActive?: boolean;
    /** A key the context does not bind (a search field types it). */
    onUnbound?: (input: string, key: Key) => void;
  } = {},
): void {
  const { router } = useAppContext();
  const covered = useStore(router, screenCovered);
  useInput(
    (input, key) => {
      const action = actionFor(context, input, key);
      if (action) onAction(action, input, key);
      else options.onUnbound?.(input, key);
    },
    { isActive: !covered && (options.isActive ?? true) },
  );
}
