/**
 * Route `progress`: lessons done, time spent, quiz history and review
 * questions due; enter continues the last lesson.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { gatherProgress } from '../../progress/gather.js';
import { progressLines } from '../progress-text.js';
import { appProgressStore } from '../../store/progress-store.js';
import { useAppContext } from '../app-context.js';
import { useScreenInput } from '../use-screen-input.js';
import { errorMessage } from '../../platform/error-message.js';

export function ProgressScreen() {
  const { flags, theme, area, router } = useAppContext();
  const store = appProgressStore();
  const progress = useStore(store, (s) => s.progress);
  const result = useMemo(() => {
    try {
      const summary = gatherProgress({
        flags: { content: flags.content },
        now: new Date(),
        progress,
        warn: () => {},
      });
      return { summary, lines: progressLines(summary, area.columns - 2, theme.ascii) };
    } catch (err) {
      return { error: errorMessage(err) };
    }
  }, [flags, progress, area.columns, theme.ascii]);
  useScreenInput('progress', (action) => {
    const next = 'summary' in result ? result.summary?.continueWith : undefined;
    if (action === 'continue' && next) {
      router.getState().push({ screen: 'reader', lessonId: next.id });
    }
  });
  if ('error' in result || !result.lines) return <Text wrap="wrap"> Progress could not be read: {'error' in result ? result.error : ''}</Text>;
  const [head, ...rest] = result.lines;
  return (
    <Box flexDirection="column" paddingLeft={1}>
      <Text bold color={theme.color('accent')}>
        Progress
      </Text>
      <Text bold>{head}</Text>
      {rest.slice(0, Math.max(1, area.rows - 3)).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one report
        <Text key={i} wrap="truncate">
          {l === '' ? ' ' : l}
        </Text>
      ))}
    </Box>
  );
}
