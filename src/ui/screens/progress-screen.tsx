/**
 * Route `progress`: lessons done, time spent, quiz history and review
 * questions due; enter continues the last lesson. Taller than 80x24 once the
 * quiz history is there: it scrolls, and says how much is below.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { gatherProgress } from '../../progress/gather.js';
import type { ProgressSummary } from '../../progress/summary.js';
import { progressLines } from '../progress-text.js';
import { appProgressStore } from '../../store/progress-store.js';
import { useAppContext } from '../app-context.js';
import { useScreenInput } from '../use-screen-input.js';
import { errorMessage } from '../../platform/error-message.js';

export function ProgressScreen() {
  const { flags, theme, area, router } = useAppContext();
  const store = appProgressStore();
  const progress = useStore(store, (s) => s.progress);
  // Gathered off the render (the loaders are imported only for --content: gather.ts); the last summary stays drawn until the next is in.
  const content = flags.content;
  const [gathered, setGathered] = useState<{ summary: ProgressSummary } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    gatherProgress({ flags: { content }, now: new Date(), progress, warn: () => {} }).then(
      (summary) => live && setGathered({ summary }),
      (err) => live && setGathered({ error: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [content, progress]);
  const result = useMemo(
    () => (gathered && 'summary' in gathered ? { summary: gathered.summary, lines: progressLines(gathered.summary, area.columns - 2, theme.ascii) } : gathered),
    [gathered, area.columns, theme.ascii],
  );
  const [scroll, setScroll] = useState(0);
  const [head, ...rest] = result && 'lines' in result ? result.lines : [];
  // Title and head above; the last row says how much is below when the rest does not fit.
  const fits = rest.length <= Math.max(1, area.rows - 2);
  const room = fits ? rest.length : Math.max(1, area.rows - 3);
  const maxTop = Math.max(0, rest.length - room);
  const top = Math.min(scroll, maxTop);
  useScreenInput('progress', (action) => {
    const summary = result && 'summary' in result ? result.summary : undefined;
    // Nothing opened yet: the first lesson, as Home's Continue ("start with 1"), where enter did nothing.
    const next = summary ? (summary.continueWith ?? summary.lessons[0]) : undefined;
    const to = (n: number) => setScroll(Math.max(0, Math.min(n, maxTop)));
    switch (action) {
      case 'continue':
        if (next) router.getState().push({ screen: 'reader', lessonId: next.id });
        break;
      case 'down':
        to(top + 1);
        break;
      case 'up':
        to(top - 1);
        break;
      case 'page-down':
        to(top + Math.max(1, room - 1));
        break;
      case 'page-up':
        to(top - Math.max(1, room - 1));
        break;
    }
  });
  if (result === null)
    return (
      <Box flexDirection="column" paddingLeft={1}>
        <Text bold color={theme.color('accent')}>
          Progress
        </Text>
        <Text color={theme.color('muted')}>reading your progress{theme.ascii ? '...' : '…'}</Text>
      </Box>
    );
  if ('error' in result) return <Text wrap="wrap"> Progress could not be read: {result.error}</Text>;
  const below = rest.length - (top + room);
  return (
    <Box flexDirection="column" paddingLeft={1}>
      <Text bold color={theme.color('accent')}>
        Progress
      </Text>
      <Text bold>{head}</Text>
      {rest.slice(top, top + room).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one report
        <Text key={top + i} wrap="truncate">
          {l === '' ? ' ' : l}
        </Text>
      ))}
      {fits ? null : (
        <Text color={theme.color('muted')} wrap="truncate">
          {below > 0
            ? `${theme.symbols.down} ${below} more line${below === 1 ? '' : 's'} (${theme.symbols.down} scrolls)`
            : `${theme.symbols.up} the top is above (${theme.symbols.up} scrolls)`}
        </Text>
      )}
    </Box>
  );
}
