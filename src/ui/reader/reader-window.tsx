/**
 * The reader's frame pieces: the title line (lesson k of n, completed, how
 * far through), the window of rows (long rows slid sideways, search matches
 * highlighted, a pointer at the line a search jumped to), and the status line.
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useAppContext } from '../app-context.js';
import { highlight } from './styled-text.js';
import type { Row } from './use-lesson-rows.js';
import { showRow } from './wide-rows.js';

export function ReaderTitle({
  number,
  of,
  title,
  local,
  completed,
  percent,
}: {
  number: number;
  of: number;
  title: string;
  local: boolean;
  completed: boolean;
  /** null while only the first screen is laid out. */
  percent: number | null;
}) {
  const { theme, area } = useAppContext();
  return (
    <Box width={area.columns - 1}>
      <Box flexGrow={1} flexShrink={1}>
        <Text bold wrap="truncate">
          {' '}
          Lesson {number} of {of} {theme.symbols.separator} {title}
          {local ? ' (local)' : ''}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <Text color={completed ? theme.color('good') : undefined}>
          {completed ? `${theme.symbols.accepted} completed  ` : ''}
          {percent === null ? '' : `${percent}%`}{' '}
        </Text>
      </Box>
    </Box>
  );
}

export interface ReaderRowsProps {
  shown: readonly Row[];
  height: number;
  /** The search query to highlight ('' for none) and the row key of the hit jumped to. */
  mark: string;
  markedKey: string | null;
  slide: number;
  room: number;
}

export function ReaderRows({ shown, height, mark, markedKey, slide, room }: ReaderRowsProps) {
  const { theme } = useAppContext();
  // Without colour (NO_COLOR, --no-color) the match is also bracketed, so the highlight is in the text itself.
  const markers: readonly [string, string] | undefined = theme.colored ? undefined : theme.ascii ? ['>>', '<<'] : ['»', '«'];
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {shown.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the window
        <Text key={i} wrap="truncate">
          {mark && row.key === markedKey ? <Text bold>{theme.symbols.pointer}</Text> : ' '}
          {(mark ? highlight(showRow(row.line, slide, room, theme.ascii), mark, markers) : showRow(row.line, slide, room, theme.ascii)).map((s, k) => (
            <Text
              // biome-ignore lint/suspicious/noArrayIndexKey: spans are positional within one line
              key={k}
              // Ink's defaults are false: an unset style is off.
              bold={s.bold === true}
              italic={s.italic === true}
              underline={s.underline === true}
              strikethrough={s.strikethrough === true}
              inverse={s.inverse === true}
              color={s.role ? theme.color(s.role) : undefined}
            >
              {s.text}
            </Text>
          ))}
          {row.line.length === 0 ? ' ' : ''}
        </Text>
      ))}
    </Box>
  );
}

export interface ReaderStatusInput {
  notice: string | null;
  focusKind: 'text' | 'timeline' | 'quiz' | 'search';
  /** Completed and scrolled to the end: where to go next. */
  finished: string | null;
  /** What enter would do here, if a part is on screen. */
  usable: 'quiz' | 'scenario' | null;
  /** Not completed and scrolled to the end: what is left to do (toFinishLine). */
  toFinish?: string | null;
  /** A long row is on screen: how to see it. */
  slideHint: string | null;
  range: string;
}

/** The status line: a notice, who has the keys, what enter does, or where in the lesson. */
export function readerStatus(s: ReaderStatusInput): string {
  if (s.notice !== null) return s.notice;
  if (s.focusKind === 'timeline') return 'The timeline has the keys. q or esc gives them back to the text.';
  if (s.focusKind === 'quiz') return 'The self-check has the keys. q or esc gives them back to the text.';
  if (s.finished !== null) return s.finished;
  if (s.usable !== null) return `enter: ${s.usable === 'quiz' ? 'answer the self-check' : 'play the timeline'} here`;
  return s.toFinish ?? s.slideHint ?? s.range;
}

/**
 * At the end of a lesson not yet done, what is left to finish it: read to
 * the end, it still needs its self-check ("read 100%" and no tick said
 * nothing of why).
 */
export function toFinishLine(number: number, unanswered: number): string | null {
  if (unanswered === 0) return null;
  return `to finish lesson ${number}, answer its self-check: ${unanswered} question${unanswered === 1 ? '' : 's'} left (tab goes to it)`;
}

/** Where a finished lesson points next: `lesson 1 of 11 done; next: lesson 2 (n)`. */
export function finishedLine(number: number, lessons: readonly { number: number }[]): string {
  const at = lessons.findIndex((l) => l.number === number);
  const next = lessons[at + 1];
  const done = `lesson ${number} of ${lessons.length} done`;
  return next ? `${done}; next: lesson ${next.number} (n)` : `${done}: that was the last one (q back, / search)`;
}
