/**
 * A screen's keys, as actions of its keymap context. Inactive while the help
 * overlay is open, so `?` help never sends keys to the screen beneath it,
 * and while the terminal is too small (the screen is hidden, not gone).
 */
import { type Key, useInput } from 'ink';
import { useStore } from 'zustand';
import { screenCovered } from '../store/router-store.js';
import { useAppContext } from './app-context.js';
import { actionFor } from './keymap.js';

export function useScreenInput(
  context: string,
  onAction: (action: string, input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const { router } = useAppContext();
  const covered = useStore(router, screenCovered);
  useInput(
    (input, key) => {
      const action = actionFor(context, input, key);
      if (action) onAction(action, input, key);
    },
    { isActive: !covered && (options.isActive ?? true) },
  );
}
