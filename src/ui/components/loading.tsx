/** The Suspense fallback while a screen's code loads; it tells the key keeper when it shows and goes. */
import { Text } from 'ink';
import { useEffect } from 'react';
import type { KeysWhileLoading } from '../use-keys-while-loading.js';

export function Loading({ keys }: { keys: KeysWhileLoading }) {
  useEffect(() => {
    keys.started();
    return () => keys.finished();
  }, [keys]);
  return <Text> Loading...</Text>;
}
