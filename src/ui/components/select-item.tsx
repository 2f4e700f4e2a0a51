/**
 * The pointer and row of a list (SelectMenu, select-menu.tsx), from the
 * theme: the pointer and colour follow the display (--ascii, LANG=C,
 * NO_COLOR), as ink-select-input's own '❯' and blue, used before, did not.
 */
import { Box } from 'ink';
import { useAppContext } from '../app-context.js';
import { Text } from './text.js';

export function SelectIndicator({ isSelected = false }: { isSelected?: boolean }) {
  const { theme } = useAppContext();
  return (
    // flexShrink 0: a label wider than the list is cut, never the pointer's column and the space after it ("❯1 Continue").
    <Box marginRight={1} flexShrink={0}>
      <Text color={theme.color('selected')}>{isSelected ? theme.symbols.pointer : ' '}</Text>
    </Box>
  );
}

export function SelectItem({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  const { theme } = useAppContext();
  return (
    // One line per item: a long label (an instructor's title, or a crafted one) is cut, not wrapped under the others.
    <Text color={isSelected ? theme.color('selected') : undefined} bold={isSelected} wrap="truncate-end">
      {label}
    </Text>
  );
}
