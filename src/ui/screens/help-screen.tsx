/**
 * Help from the home menu: every key of the app with its meaning, a section
 * per screen, generated from the keymap; it scrolls when the terminal is
 * shorter than the list (80x24 is).
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useStore } from 'zustand';
import { useAppContext } from '../app-context.js';
import { allHelpSections, helpLines } from '../components/help-lines.js';
import { HelpList } from '../components/help-list.js';

export const HELP_INTRO =
  'Letters are commands; digits 1-9 choose options (and open the numbered entries on Home). Press ? on any screen for its own keys. Outside the app, run `fence-tutor --help`.';

export function HelpScreen() {
  const { theme, area, router } = useAppContext();
  const helpOpen = useStore(router, (s) => s.helpOpen);
  const lines = helpLines(allHelpSections(theme.symbols), area.columns - 3, [HELP_INTRO]);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Help
      </Text>
      <HelpList lines={lines} height={Math.max(3, area.rows - 1)} active={!helpOpen} />
    </Box>
  );
}
