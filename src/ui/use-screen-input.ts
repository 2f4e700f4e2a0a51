/**
 * A screen's keys, as actions of its keymap context. Inactive while the help
 * overlay is open, so `?` help never sends keys to the screen beneath it.
 */
import { type Key, useInput } from 'ink';
import { useStore } from 'zustand';
import { useAppContext } from './app-context.js';
import { actionFor } from './keymap.js';

export function useScreenInput(
  context: string,
  onAction: (action: string, input: string, key: Key) => void,
  options: { isActive?: boolean } = {},
): void {
  const { router } = useAppContext();
  const helpOpen = useStore(router, (s) => s.helpOpen);
  useInput(
    (input, key) => {
      const action = actionFor(context, input, key);
      if (action) onAction(action, input, key);
    },
    { isActive: !helpOpen && (options.isActive ?? true) },
  );
}
