/**
 * A screen's keys, as actions of its keymap context. Inactive while the help
 * overlay is open, so `?` help never sends keys to the screen beneath it,
 * and while the terminal is too small (the screen is hidden, not gone).
 */
import type { Key } from 'ink';
import { useStore } from 'zustand';
import { screenCovered } from '../store/router-store.js';
import { useAppContext } from './app-context.js';
import { type ActionOf, actionFor, type KeyContextId } from './keymap.js';
import { useKeys } from './use-keys.js';

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
  useKeys(
    (input, key) => {
      const action = actionFor(context, input, key);
      if (action) onAction(action, input, key);
      else options.onUnbound?.(input, key);
    },
    // A context with a text field (onUnbound types) takes a paste whole; the others one key at a time.
    { isActive: !covered && (options.isActive ?? true), takesText: () => options.onUnbound !== undefined },
  );
}
