/**
 * The reader's search box and its hits, under the lesson: the query as
 * typed, how many lessons' lines match, and a window of hits that follows
 * the selection.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useAppContext } from '../app-context.js';
import { MIN_QUERY, type SearchHit } from './search.js';

export interface SearchPanelProps {
  query: string;
  hits: SearchHit[];
  selected: number;
  rows: number;
  width: number;
}

export function SearchPanel({ query, hits, selected, rows, width }: SearchPanelProps) {
  const { theme } = useAppContext();
  const room = rows - 2;
  const first = Math.max(0, Math.min(selected - Math.floor(room / 2), hits.length - room));
  const visible = hits.slice(first, first + room);
  const message =
    query.trim().length < MIN_QUERY
      ? `type at least ${MIN_QUERY} characters`
      : hits.length === 0
        ? 'no lesson has that'
        : `${hits.length} hit${hits.length === 1 ? '' : 's'}${hits.length >= 200 ? ' (the first 200)' : ''}`;
  return (
    <Box flexDirection="column" height={rows} width={width}>
      <Text color={theme.color('muted')}>{` ${theme.symbols.hrule.repeat(Math.max(0, width - 2))}`}</Text>
      <Text wrap="truncate">
        {' '}
        <Text bold>/</Text> {query}
        <Text inverse> </Text>
        <Text color={theme.color('muted')}>
          {'  '}
          {message}
        </Text>
      </Text>
      {visible.map((h, i) => {
        const on = first + i === selected;
        return (
          <Text key={`${h.lessonId}:${h.part}:${h.line}`} wrap="truncate" bold={on} color={on ? theme.color('selected') : undefined}>
            {on ? ` ${theme.symbols.pointer} ` : '   '}
            {h.lessonNumber}. {h.lessonTitle}: {h.text}
          </Text>
        );
      })}
    </Box>
  );
}
