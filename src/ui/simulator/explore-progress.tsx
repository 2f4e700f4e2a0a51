/**
 * While the explorer counts in its worker: nothing for the first moments
 * (most counts finish sooner, and a flash of text would only distract),
 * then the states visited and the time taken, and how to stop.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useEffect, useState } from 'react';
import type { Theme } from '../theme.js';

/** Quiet this long before the progress line appears (issue 16). */
const PROGRESS_AFTER_MS = 200;
const REDRAW_MS = 250;

export function ExploreProgress({ statesVisited, theme }: { statesVisited: number; theme: Theme }) {
  const narrate = theme.narrate;
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const first = setTimeout(() => setNow(Date.now()), PROGRESS_AFTER_MS);
    // --narrate: said once, never redrawn (a screen reader would read every count again).
    const every = narrate ? undefined : setInterval(() => setNow(Date.now()), REDRAW_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [narrate]);
  const elapsed = now - startedAt;
  if (elapsed < PROGRESS_AFTER_MS) return <Text> </Text>;
  if (narrate) return <Text wrap="wrap"> Counting every ordering of the sink's operations. Escape cancels; the app stays usable while it counts.</Text>;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text wrap="truncate">
        Counting every ordering of the sink's operations {theme.symbols.dot} {statesVisited.toLocaleString('en-US')} states visited {theme.symbols.dot}{' '}
        {(elapsed / 1000).toFixed(1)} s
      </Text>
      <Text color={theme.color('muted')} wrap="truncate">
        esc cancels; the app stays usable while it counts.
      </Text>
    </Box>
  );
}
