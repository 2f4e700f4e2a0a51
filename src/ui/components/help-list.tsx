/**
 * Help lines in a window of `height` rows: all of them when they fit, else
 * a page with a line saying which lines show and how to scroll
 * (↑/↓ a line, pgup/pgdn or space a page), so no row is ever lost or cut.
 */
import { Box } from 'ink';
import { useKeys } from '../use-keys.js';
import { Text } from './text.js';
import { useState } from 'react';
import { useAppContext } from '../app-context.js';
import { actionFor } from '../keymap.js';
import type { HelpLine } from './help-lines.js';

export function HelpList({ lines, height, active }: { lines: HelpLine[]; height: number; active: boolean }) {
  const { theme } = useAppContext();
  const [top, setTop] = useState(0);
  const fits = lines.length <= height;
  const room = fits ? lines.length : Math.max(1, height - 1);
  const maxTop = Math.max(0, lines.length - room);
  const shownTop = Math.min(top, maxTop);
  useKeys(
    (input, key) => {
      const action = actionFor('help', input, key);
      const by = action === 'down' ? 1 : action === 'up' ? -1 : action === 'page-down' ? room : action === 'page-up' ? -room : 0;
      if (by !== 0) setTop(Math.max(0, Math.min(maxTop, shownTop + by)));
    },
    { isActive: active && !fits },
  );
  const shown = lines.slice(shownTop, shownTop + room);
  return (
    <Box flexDirection="column">
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the window
        <Text key={i} bold={line.kind === 'heading'} wrap="truncate">
          {line.text || ' '}
        </Text>
      ))}
      {fits ? null : (
        <Text color={theme.color('muted')} wrap="truncate">
          lines {shownTop + 1}-{shownTop + shown.length} of {lines.length} {theme.symbols.dot} {theme.symbols.up}/{theme.symbols.down} pgup/pgdn scroll
        </Text>
      )}
    </Box>
  );
}
