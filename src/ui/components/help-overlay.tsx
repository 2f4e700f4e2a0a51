/** `?`: the keys of the focused screen, then the global ones, from the keymap. */
import { Box, Text } from 'ink';
import { useAppContext } from '../app-context.js';
import { helpSections } from '../keymap.js';

export function HelpOverlay({ context }: { context: string }) {
  const { theme } = useAppContext();
  const sections = helpSections(context, theme.symbols);
  const keyWidth = Math.max(6, ...sections.flatMap((s) => s.rows.map((r) => r.keys.length))) + 2;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Keys (? or q to close)
      </Text>
      {sections.map((section) => (
        <Box key={section.title} flexDirection="column" marginTop={1}>
          <Text bold>{section.title}</Text>
          {section.rows.map((row) => (
            <Text key={`${section.title}-${row.keys}`} wrap="truncate">
              {'  '}
              {row.keys.padEnd(keyWidth)}
              {row.help}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}
