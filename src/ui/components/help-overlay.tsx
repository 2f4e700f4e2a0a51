/** `?`: the keys of the focused screen, then the global ones, from the keymap; scrolls when taller than the terminal. */
import { Box } from 'ink';
import { Text } from './text.js';
import { useAppContext } from '../app-context.js';
import { helpSections, type KeyContextId } from '../keymap.js';
import { helpLines } from './help-lines.js';
import { HelpList } from './help-list.js';

export function HelpOverlay({ context }: { context: KeyContextId }) {
  const { theme, area } = useAppContext();
  const lines = helpLines(helpSections(context, theme.symbols), area.columns - 3);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Keys (? or q to close)
      </Text>
      <Box marginTop={1}>
        <HelpList lines={lines} height={Math.max(3, area.rows - 3)} active />
      </Box>
    </Box>
  );
}
