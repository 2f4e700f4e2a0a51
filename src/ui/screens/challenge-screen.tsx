/**
 * Route `challenge` (`{id}`): one challenge, played on its starting run
 * (challenge-view.tsx). Loaded from the build's snapshot of the shipped
 * challenges when it matches the files, else through the loaders.
 */
import { Text } from 'ink';
import { useMemo } from 'react';
import { challengesNow } from '../challenge/challenges-now.js';
import { simulate } from '../../core/engine.js';
import { exploreOffThread } from '../../store/explore-thread.js';
import type { RouteOf } from '../../store/router-store.js';
import { errorMessage } from '../../platform/error-message.js';
import { useAppContext } from '../app-context.js';
import { ChallengeView } from '../challenge/challenge-view.js';

/** The engine run here, the explorer off the UI thread. */
const ENGINE = { simulate, exploreAsync: exploreOffThread };

export function ChallengeScreen({ route }: { route: RouteOf<'challenge'> }) {
  const { flags } = useAppContext();
  const content = flags.content;
  const found = useMemo(() => {
    try {
      return { challenge: challengesNow(content).find((c) => c.id === route.id) };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  }, [content, route.id]);
  if ('error' in found) return <Text wrap="wrap"> The challenges could not be read: {found.error}</Text>;
  if (!found.challenge) return <Text> There is no challenge called "{route.id}". Press q to go back.</Text>;
  return <ChallengeView key={found.challenge.id} challenge={found.challenge} engine={ENGINE} />;
}
