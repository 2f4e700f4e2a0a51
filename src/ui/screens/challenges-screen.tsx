/** Route `challenges`: every challenge in lesson order, solved ones marked with their fewest acts; enter opens one. */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { challengesNow } from '../challenge/challenges-now.js';
import { appProgressStore } from '../../store/progress-store.js';
import { useAppContext } from '../app-context.js';
import { useScreenInput } from '../use-screen-input.js';
import { errorMessage } from '../../platform/error-message.js';

export function ChallengesScreen() {
  const { flags, theme, area, router } = useAppContext();
  const content = flags.content;
  const solved = useStore(appProgressStore(), (s) => s.progress.challenges);
  const list = useMemo(() => {
    try {
      return { challenges: challengesNow(content) };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  }, [content]);
  const [at, setAt] = useState(0);
  const challenges = list.challenges ?? [];
  useScreenInput('challenges', (action, input, key) => {
    if (action === 'move') setAt((i) => Math.max(0, Math.min(challenges.length - 1, i + (key.upArrow || input === 'k' ? -1 : 1))));
    if (action === 'open' && challenges[at]) router.getState().push({ screen: 'challenge', id: challenges[at].id });
  });
  if ('error' in list) return <Text wrap="wrap"> The challenges could not be read: {list.error}</Text>;
  const rows = Math.max(3, area.rows - 3);
  const first = Math.max(0, Math.min(at - Math.floor(rows / 2), challenges.length - rows));
  const solvedHere = challenges.filter((c) => solved?.[c.id]).length;
  return (
    <Box flexDirection="column" paddingLeft={1}>
      <Text bold color={theme.color('accent')}>
        Challenges{' '}
        <Text color={theme.color('muted')}>
          {theme.symbols.dot} {solvedHere > 0 ? `${solvedHere} of ${challenges.length} solved` : `${challenges.length}, none solved yet`}
        </Text>
      </Text>
      <Text> </Text>
      {challenges.slice(first, first + rows).map((c, i) => {
        const index = first + i;
        const mine = solved?.[c.id];
        const score = mine ? `${theme.symbols.accepted} ${mine.fewestActs}/${c.par} acts` : `par ${c.par}`;
        return (
          <Text key={c.id} wrap="truncate" color={index === at ? theme.color('selected') : undefined} bold={index === at}>
            {index === at ? theme.symbols.pointer : ' '} {c.title}
            {c.proof !== undefined ? ' (proof)' : ''}{' '}
            <Text color={theme.color('muted')}>
              {theme.symbols.dot} {c.lesson} {theme.symbols.dot} {score}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}
