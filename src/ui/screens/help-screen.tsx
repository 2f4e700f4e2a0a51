/** Help from the home menu: every key context of the app, and the commands. */
import { Box, Text } from 'ink';
import { useAppContext } from '../app-context.js';
import { KEY_CONTEXTS } from '../keymap.js';

export function HelpScreen() {
  const { theme } = useAppContext();
  const contexts = Object.entries(KEY_CONTEXTS).filter(([, ctx]) => ctx.bindings.some((b) => b.keys.length > 0));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Help
      </Text>
      <Text>
        Letters are commands; digits 1-9 choose options. Press ? on any screen for its keys. Outside the app, run
        `fence-tutor --help`.
      </Text>
      <Text> </Text>
      {contexts.map(([id, ctx]) => (
        <Text key={id} wrap="truncate">
          <Text bold>{ctx.title.padEnd(18)}</Text>
          {ctx.bindings
            .filter((b) => b.keys.length > 0)
            .map((b) => b.label.replace(/\{(up|down|left|right)\}/g, (_, k: 'up' | 'down' | 'left' | 'right') => theme.symbols[k]))
            .join(' ')}
        </Text>
      ))}
    </Box>
  );
}
