/**
 * The lesson reader: the lesson laid out at the terminal's width, a window
 * onto it that scrolls, and the embedded parts (timelines, the self-check)
 * drawn live inside the text. The focus rule of the conventions: the text
 * has the keys until enter gives them to the part on screen; q/esc gives
 * them back; help and hints follow the focused part.
 *
 * The work is in hooks, one concern each: the rows (use-lesson-rows), the
 * opening position and its saving (use-restored-position), the time spent
 * (use-study-timer), the focus guards (../use-focus-guards), the keys
 * (use-reader-keys) and the search (use-reader-search).
 */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { useState } from 'react';
import { useStore } from 'zustand';
import type { Lesson } from '../../content/lesson/lesson-types.js';
import { appProgressStore } from '../../store/progress-store.js';
import type { ReaderFocus } from '../../store/reader-store.js';
import { useAppContext } from '../app-context.js';
import { useFocusGuards } from '../use-focus-guards.js';
import type { ReaderSources } from './reader-sources.js';
import { usablePart } from './reader-parts.js';
import { finishedLine, ReaderRows, ReaderTitle, readerStatus, toFinishLine } from './reader-window.js';
import { SearchPanel } from './search-panel.js';
import { useLessonRows } from './use-lesson-rows.js';
import { useReaderKeys } from './use-reader-keys.js';
import { SEARCH_ROWS, useReaderSearch } from './use-reader-search.js';
import { useRestoredPosition } from './use-restored-position.js';
import { keysMaxTop, useSettledTop } from './scroll-limit.js';
import { useReaderWithSelfCheck } from './use-self-check.js';
import { useEarlierAnswers } from './use-earlier-answers.js';
import { useStudyTimer } from './use-study-timer.js';
import { useFocusedPartInView } from './use-focused-part-in-view.js';
import { firstScreenNeed } from './first-screen.js';
import { maxSlide } from './wide-rows.js';

import type { ReaderJump } from '../../store/routes.js';

export type { ReaderJump };

function contextOf(focus: ReaderFocus): 'reader-timeline' | 'reader-quiz' | 'reader-search' | null {
  switch (focus.kind) {
    case 'timeline':
      return 'reader-timeline';
    case 'quiz':
      return 'reader-quiz';
    case 'search':
      return 'reader-search';
    default:
      return null;
  }
}

export interface ReaderViewProps {
  lesson: Lesson;
  sources: ReaderSources;
  jump?: ReaderJump | undefined;
}

export function ReaderView({ lesson, sources, jump }: ReaderViewProps) {
  const { theme, router, area } = useAppContext();
  const progress = appProgressStore();
  const lessons = sources.curriculum.lessons;
  const width = Math.max(20, area.columns - 3);
  const { reader, checkIds } = useReaderWithSelfCheck(lesson, sources);
  const focus = useStore(reader, (s) => s.focus);
  const top = useStore(reader, (s) => s.top);
  const search = useStore(reader, (s) => s.search);
  const selfCheck = useStore(reader, (s) => s.selfCheck);
  const earlier = useEarlierAnswers(progress, lesson.id);
  const completed = useStore(progress, (s) => Boolean(s.progress.lessons[lesson.id]?.completedAt));
  const answeredIds = useStore(progress, (s) => s.progress.lessons[lesson.id]?.selfCheck);
  const warning = useStore(progress, (s) => s.warning ?? s.saveError);
  const [notice, setNotice] = useState<string | null>(null);
  /** The embedded part tab last went to: enter gives it the keys while it is on screen. */
  const [target, setTarget] = useState<number | null>(null);
  const [mark, setMark] = useState(jump?.query ?? '');
  /** The line a search jumped to: a pointer in the margin says which hit this is. */
  const [markedKey, setMarkedKey] = useState<string | null>(jump?.key ?? null);
  /** How far rows wider than the screen (long URLs) are slid sideways. */
  const [slide, setSlide] = useState(0);

  const viewRows = Math.max(3, area.rows - 2 - (focus.kind === 'search' ? SEARCH_ROWS : 0));
  // Where it opens is decided from the progress as it was at opening (it is saved over as the window moves).
  const [saved] = useState(() => progress.getState().progress.lessons[lesson.id]);
  const firstScreen = firstScreenNeed({ jumpKey: jump?.key, saved, viewRows });
  const { parts, layoutOptions, timelines, rows, partStart, partEnd, complete } = useLessonRows({
    lesson,
    sources,
    width,
    theme,
    focus,
    selfCheck,
    earlier,
    firstScreen,
  });
  const maxTop = Math.max(0, rows.length - viewRows);
  const shownTop = useRestoredPosition({ lessonId: lesson.id, jumpKey: jump?.key, rows, complete, viewRows, maxTop, top, reader, progress, checkIds });
  useSettledTop(reader, complete, top, maxTop);
  const shown = rows.slice(shownTop, shownTop + viewRows);
  // Rows wider than the screen (a long URL, kept whole) slide sideways; one column stays for the pointer.
  const rowRoom = Math.max(10, area.columns - 2);
  const wideBy = maxSlide(
    shown.map((r) => r.line),
    rowRoom,
  );
  const shownSlide = Math.min(slide, wideBy);
  useStudyTimer(lesson.id, progress);

  // The focus rule: help, hints and q/esc follow the focused part.
  useFocusGuards({
    keyContext: contextOf(focus),
    captureKeys: focus.kind === 'search',
    back: () => {
      const st = reader.getState();
      if (st.focus.kind === 'text') return false;
      if (st.focus.kind === 'timeline') timelines.get(st.focus.part)?.store.setState({ playing: false });
      st.setFocus({ kind: 'text' });
      return true;
    },
  });

  const onScreen = { parts, partStart, partEnd, shownTop, viewRows };
  useFocusedPartInView({ focus, partStart, partEnd, shownTop, viewRows, maxTop, reader });
  useReaderKeys({
    ...onScreen,
    context: contextOf(focus) ?? 'reader',
    focus,
    lesson,
    lessons,
    reader,
    router,
    progress,
    timelines,
    checkIds,
    maxTop: keysMaxTop(complete, maxTop),
    complete,
    slide: { room: rowRoom, shown: shownSlide, max: wideBy, set: setSlide },
    target,
    setTarget,
    setNotice,
  });
  const hits = useReaderSearch({
    lesson,
    lessons,
    sources,
    parts,
    layoutOptions,
    rows,
    viewRows,
    search,
    searching: focus.kind === 'search',
    reader,
    router,
    onMark: (query, key) => {
      setMark(query);
      setMarkedKey(key);
    },
  });

  // Until the whole lesson is laid out (the first frame only), how far through is not known: left blank, not guessed.
  const percent = !complete ? null : rows.length === 0 ? 100 : Math.min(100, Math.round(((shownTop + viewRows) / rows.length) * 100));
  const usable = usablePart(onScreen, target);
  const usableKind = usable === undefined ? null : parts[usable]?.kind === 'quiz' ? 'quiz' : 'scenario';
  const status = readerStatus({
    notice,
    focusKind: focus.kind,
    finished: completed && complete && shownTop >= maxTop ? finishedLine(lesson.number, lessons) : null,
    toFinish:
      !completed && complete && shownTop >= maxTop ? toFinishLine(lesson.number, checkIds.filter((id) => answeredIds?.[id] === undefined).length) : null,
    usable: usableKind,
    slideHint: wideBy > 0 ? `${theme.symbols.left}/${theme.symbols.right} slides the long line; fence-tutor lesson ${lesson.id} --plain prints it whole` : null,
    range: complete ? `${shownTop + 1}-${Math.min(rows.length, shownTop + viewRows)} of ${rows.length} lines` : `${shownTop + 1}-${shownTop + viewRows} lines`,
  });

  return (
    <Box flexDirection="column">
      <ReaderTitle
        number={lesson.number}
        of={lessons.length}
        title={lesson.title}
        local={sources.localIds.has(lesson.id)}
        completed={completed}
        percent={percent}
      />
      <ReaderRows shown={shown} height={viewRows} mark={mark} markedKey={markedKey} slide={shownSlide} room={rowRoom} />
      {focus.kind === 'search' ? <SearchPanel query={search.query} hits={hits} selected={search.selected} rows={SEARCH_ROWS} width={area.columns - 2} /> : null}
      <Text wrap="truncate" color={warning ? theme.color('warn') : theme.color('muted')}>
        {' '}
        {warning ?? status}
      </Text>
    </Box>
  );
}
