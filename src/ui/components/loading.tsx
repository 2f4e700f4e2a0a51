/** The Suspense fallback while a screen's code loads. */
import { Text } from 'ink';

export function Loading() {
  return <Text> Loading...</Text>;
}
