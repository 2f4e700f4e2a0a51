/** Route `lessons`: the curriculum in order, each with how far the learner got; enter reads one. */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useStore } from 'zustand';
import { screenCovered } from '../../store/router-store.js';
import { appProgressStore } from '../../store/progress-store.js';
import { useAppContext } from '../app-context.js';
import { SelectMenu } from '../components/select-menu.js';
import { useReaderSources } from '../reader/reader-sources.js';

export function LessonsScreen() {
  const { flags, theme, router, area } = useAppContext();
  const covered = useStore(router, screenCovered);
  const progress = useStore(appProgressStore(), (s) => s.progress);
  const loaded = useReaderSources(flags);
  if ('error' in loaded) return <Text wrap="wrap"> The lessons could not be loaded: {loaded.error}</Text>;
  const { curriculum, localIds } = loaded.sources;
  const lessons = curriculum.lessons;
  const numberWidth = String(lessons.length).length + 2;
  const items = lessons.map((l) => {
    const p = progress.lessons[l.id];
    const state = p?.completedAt ? `${theme.symbols.accepted} done` : p ? `read ${p.readPercent}%` : '';
    const title = `${`${l.number}.`.padEnd(numberWidth)}${l.title}${localIds.has(l.id) ? ' (local)' : ''}`;
    const room = Math.max(10, area.columns - 16);
    return { key: l.id, label: `${title.slice(0, room).padEnd(room)} ${state}`, value: l.id };
  });
  const done = lessons.filter((l) => progress.lessons[l.id]?.completedAt).length;
  const last = progress.lastLessonId ? lessons.findIndex((l) => l.id === progress.lastLessonId) : -1;
  return (
    <Box flexDirection="column" paddingLeft={1}>
      <Text bold color={theme.color('accent')}>
        Lessons
      </Text>
      <Text color={theme.color('muted')}>
        {lessons.length} lessons, {done} done
      </Text>
      <Box marginTop={1}>
        <SelectMenu
          items={items}
          isFocused={!covered}
          initialIndex={Math.max(0, last)}
          limit={Math.max(3, area.rows - 4)}
          onSelect={(item) => router.getState().push({ screen: 'reader', lessonId: item.value })}
        />
      </Box>
    </Box>
  );
}
