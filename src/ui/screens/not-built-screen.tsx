/** A screen someone has not built yet: said plainly, with what works instead. */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import type { Route } from '../../store/router-store.js';
import { useAppContext } from '../app-context.js';

export function NotBuiltScreen({ route }: { route: Route }) {
  const { theme } = useAppContext();
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{route.screen}</Text>
      <Text>The {route.screen} screen is not built yet. Press q to go back; `fence-tutor --help` lists the commands that work today.</Text>
      <Text color={theme.color('muted')}>(nothing here pretends to work)</Text>
    </Box>
  );
}
