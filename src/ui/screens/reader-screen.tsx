/**
 * Route `reader` ({lessonId, jump?}): a lesson in the reader. The content
 * (shipped plus `--content`) is loaded once per run; a new lesson id gives
 * a fresh reader (its own key), so n/p and search jumps start clean.
 */
import { Text } from 'ink';
import type { RouteOf } from '../../store/router-store.js';
import { useAppContext } from '../app-context.js';
import { ReaderView } from '../reader/reader-view.js';
import { useReaderSources } from '../reader/reader-sources.js';

export function ReaderScreen({ route }: { route: RouteOf<'reader'> }) {
  const { flags } = useAppContext();
  const loaded = useReaderSources(flags);
  if ('error' in loaded) return <Text wrap="wrap"> The lessons could not be loaded: {loaded.error}. Press q to go back.</Text>;
  const { sources } = loaded;
  const id = route.lessonId ?? sources.curriculum.lessons[0]?.id;
  const lesson = sources.curriculum.lessons.find((l) => l.id === id);
  if (!lesson) return <Text wrap="wrap"> There is no lesson "{String(id)}". Press q to go back.</Text>;
  const { jump } = route;
  return <ReaderView key={`${lesson.id}:${jump?.key ?? ''}`} lesson={lesson} sources={sources} jump={jump} />;
}
