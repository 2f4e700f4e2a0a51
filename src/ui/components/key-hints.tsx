/** The line of keys at the bottom of every screen, generated from the keymap. */
import { Text } from './text.js';
import { useAppContext } from '../app-context.js';
import { hintLine, type KeyContextId } from '../keymap.js';

export function KeyHints({ context }: { context: KeyContextId }) {
  const { theme, area } = useAppContext();
  return (
    <Text color={theme.color('muted')} wrap="truncate">
      {' '}
      {hintLine(context, theme.symbols, area.columns - 1)}
    </Text>
  );
}
