/**
 * The lesson reader: the lesson laid out at the terminal's width, a window
 * onto it that scrolls, and the embedded parts (timelines, the self-check)
 * drawn live inside the text. The focus rule of the conventions: the text
 * has the keys until enter gives them to the part on screen; q/esc gives
 * them back; help and hints follow the focused part.
 */
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Lesson, ScenarioBlock } from '../../content/lesson/lesson-types.js';
import { presentQuestion } from '../../core/quiz/draw.js';
import type { DrawnQuestion } from '../../core/quiz/types.js';
import { onCleanup } from '../../platform/cleanup.js';
import { appProgressStore } from '../../store/progress-store.js';
import { createReaderStore, type ReaderFocus } from '../../store/reader-store.js';
import { useAppContext } from '../app-context.js';
import { useScreenInput } from '../use-screen-input.js';
import { layoutLesson } from './lesson-layout.js';
import type { ReaderSources } from './reader-sources.js';
import { MIN_QUERY, type SearchHit, searchLessons } from './search.js';
import { selfCheckLines } from './self-check-lines.js';
import { highlight, type StyledLine } from './styled-text.js';
import { timelineLines } from './timeline-lines.js';
import { maxSlide, showRow, slideStep } from './wide-rows.js';
import { useEmbeddedTimelines } from './use-embedded-timelines.js';

/** The self-check is drawn with one seed, so its options keep their places between visits. */
export const SELF_CHECK_SEED = 1;
const SEARCH_ROWS = 8;
const SAVE_EVERY_MS = 5000;

import type { ReaderJump } from '../../store/routes.js';

export type { ReaderJump };

interface Row {
  line: StyledLine;
  key?: string;
  part: number;
}

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
  jump?: ReaderJump;
}

export function ReaderView({ lesson, sources, jump }: ReaderViewProps) {
  const { theme, router, area } = useAppContext();
  const progress = appProgressStore();
  const lessons = sources.curriculum.lessons;
  const width = Math.max(20, area.columns - 3);
  const lessonNumber = (id: string) => lessons.find((l) => l.id === id)?.number;
  const layoutOptions = { width, ascii: theme.ascii, glossary: sources.curriculum.glossary, lessonNumber };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout changes with the lesson, the width and the symbols only
  const parts = useMemo(() => layoutLesson(lesson, layoutOptions), [lesson, width, theme.ascii, sources]);

  // The self-check: the bank's questions for the lesson's quiz block(s), in practice mode.
  const questions = useMemo<DrawnQuestion[]>(() => {
    const ids = lesson.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : []));
    const out: DrawnQuestion[] = [];
    for (const id of ids) {
      try {
        const q = sources.question(id);
        if (q) out.push(presentQuestion(q, SELF_CHECK_SEED));
      } catch {
        // a bank that does not load: the self-check says it has no questions
      }
    }
    return out;
  }, [lesson, sources]);
  const checkIds = useMemo(() => questions.map((q) => q.id), [questions]);

  const [reader] = useState(() => {
    const store = createReaderStore();
    if (questions.length > 0) store.getState().startSelfCheck(questions, Date.now());
    return store;
  });
  const focus = useStore(reader, (s) => s.focus);
  const top = useStore(reader, (s) => s.top);
  const search = useStore(reader, (s) => s.search);
  const selfCheck = useStore(reader, (s) => s.selfCheck);
  const earlier = useStore(progress, (s) => s.progress.lessons[lesson.id]?.selfCheck) ?? {};
  const completed = useStore(progress, (s) => Boolean(s.progress.lessons[lesson.id]?.completedAt));
  const warning = useStore(progress, (s) => s.warning ?? s.saveError);
  const [notice, setNotice] = useState<string | null>(null);
  /** The embedded part tab last went to: enter gives it the keys while it is on screen. */
  const [target, setTarget] = useState<number | null>(null);
  const [mark, setMark] = useState(jump?.query ?? '');
  /** The line a search jumped to: a pointer in the margin says which hit this is. */
  const [markedKey, setMarkedKey] = useState<string | null>(jump?.key ?? null);
  /** How far rows wider than the screen (long URLs) are slid sideways. */
  const [slide, setSlide] = useState(0);
  // Without colour (NO_COLOR, --no-color) the match is also bracketed, so the highlight is in the text itself.
  const markers: readonly [string, string] | undefined = theme.colored ? undefined : theme.ascii ? ['>>', '<<'] : ['»', '«'];

  const scenarioBlocks = useMemo(() => {
    const m = new Map<number, ScenarioBlock>();
    parts.forEach((p, i) => {
      if (p.kind === 'scenario') m.set(i, p.block);
    });
    return m;
  }, [parts]);
  const timelines = useEmbeddedTimelines(scenarioBlocks, sources.scenario, theme.reducedMotion);

  // Every row of the lesson, embedded parts drawn from their live state.
  const rows: Row[] = [];
  const partStart = new Map<number, number>();
  const partEnd = new Map<number, number>();
  parts.forEach((part, i) => {
    if (rows.length > 0) rows.push({ line: [], part: i });
    partStart.set(i, rows.length);
    if (part.kind === 'text') {
      part.lines.forEach((line, k) => {
        rows.push({ line, key: `${i}:${k}`, part: i });
      });
    } else {
      part.head.forEach((line, k) => {
        rows.push({ line, key: `${i}:${k}`, part: i });
      });
      const focused = (focus.kind === 'timeline' || focus.kind === 'quiz') && focus.part === i;
      const gutter = focused ? { text: theme.ascii ? '# ' : '┃ ', role: 'accent' as const } : { text: theme.ascii ? '| ' : '│ ', role: 'muted' as const };
      let body: StyledLine[];
      if (part.kind === 'scenario') {
        const t = timelines.get(i);
        body = t
          ? timelineLines(t.scenario, t.store.getState(), { width: width - 2, ascii: theme.ascii, focused, narrate: theme.narrate, symbols: theme.symbols })
          : [[{ text: `(the scenario "${part.block.scenarioId}" is not available)`, role: 'muted' }]];
      } else {
        body = selfCheckLines(selfCheck, { width: width - 2, focused, symbols: theme.symbols, earlier });
      }
      for (const line of body) rows.push({ line: [gutter, ...line], part: i });
    }
    partEnd.set(i, rows.length - 1);
  });

  const viewRows = Math.max(3, area.rows - 2 - (focus.kind === 'search' ? SEARCH_ROWS : 0));
  const maxTop = Math.max(0, rows.length - viewRows);

  // Open: go to the search hit, or back to where the learner was. Worked out
  // in the first render (so the first frame is already there), recorded once.
  const positioned = useRef(false);
  const startTop = useRef<number | null>(null);
  if (startTop.current === null) {
    const before = progress.getState().progress.lessons[lesson.id];
    const hit = jump ? rows.findIndex((r) => r.key === jump.key) : -1;
    let at = 0;
    if (hit >= 0) at = Math.max(0, hit - 2);
    else if (before) {
      const [key, offset] = (before.anchor ?? '').split('+');
      const anchored = key ? rows.findIndex((r) => r.key === key) : -1;
      at = anchored >= 0 ? anchored + Number(offset ?? 0) : Math.round(before.position * rows.length);
    }
    startTop.current = Math.min(Math.max(0, at), maxTop);
  }
  const shownTop = Math.min(positioned.current ? top : startTop.current, maxTop);
  const shown = rows.slice(shownTop, shownTop + viewRows);
  // Rows wider than the screen (a long URL, kept whole) slide sideways; one column stays for the pointer.
  const rowRoom = Math.max(10, area.columns - 2);
  const wideBy = maxSlide(
    shown.map((r) => r.line),
    rowRoom,
  );
  const shownSlide = Math.min(slide, wideBy);
  useEffect(() => {
    if (positioned.current) return;
    reader.getState().scrollTo(startTop.current ?? 0, Number.MAX_SAFE_INTEGER);
    positioned.current = true;
    progress.getState().open(lesson.id);
  }, [lesson.id, progress, reader]);

  // Where the learner is (the nearest keyed line at or above the top, and how
  // far below it the top is), and whether the lesson is now complete.
  let keyed = shownTop;
  while (keyed > 0 && rows[keyed]?.key === undefined) keyed--;
  const topKey = rows[keyed]?.key;
  const anchor = topKey !== undefined ? `${topKey}+${shownTop - keyed}` : undefined;
  const rowCount = rows.length;
  useEffect(() => {
    if (!positioned.current || rowCount === 0) return;
    const p = progress.getState();
    p.view(lesson.id, {
      position: shownTop / rowCount,
      seen: Math.min(1, (shownTop + viewRows) / rowCount),
      ...(anchor !== undefined ? { anchor } : {}),
    });
    p.settle(lesson.id, checkIds);
  }, [shownTop, rowCount, viewRows, anchor, lesson.id, checkIds, progress]);

  // Time spent, saved every few seconds, on leaving, and at Ctrl-C or SIGTERM.
  useEffect(() => {
    let since = Date.now();
    const book = () => {
      const now = Date.now();
      progress.getState().spend(lesson.id, now - since);
      since = now;
      progress.getState().flush();
    };
    const timer = setInterval(book, SAVE_EVERY_MS);
    const forget = onCleanup(book);
    return () => {
      clearInterval(timer);
      forget();
      book();
    };
  }, [lesson.id, progress]);

  // The focus rule: help, hints and q/esc follow the focused part.
  useEffect(() => {
    const r = router.getState();
    r.setKeyContext(contextOf(focus));
    r.setCaptureKeys(focus.kind === 'search');
    r.setBackGuard(() => {
      const st = reader.getState();
      if (st.focus.kind === 'text') return false;
      if (st.focus.kind === 'timeline') timelines.get(st.focus.part)?.store.setState({ playing: false });
      st.setFocus({ kind: 'text' });
      return true;
    });
  }, [focus, router, reader, timelines]);
  useEffect(
    () => () => {
      const r = router.getState();
      r.setBackGuard(null);
      r.setKeyContext(null);
      r.setCaptureKeys(false);
    },
    [router],
  );

  const goLesson = (delta: number) => {
    const i = lessons.findIndex((l) => l.id === lesson.id) + delta;
    const next = lessons[i];
    if (!next) {
      setNotice(delta > 0 ? 'This is the last lesson.' : 'This is the first lesson.');
      return;
    }
    router.getState().replace({ screen: 'reader', lessonId: next.id });
  };

  const visibleParts = () =>
    [...partStart.entries()]
      .filter(([i]) => parts[i]?.kind !== 'text')
      .filter(([i, start]) => start < shownTop + viewRows && (partEnd.get(i) ?? start) >= shownTop)
      .map(([i]) => i);

  /** The part enter gives the keys to: the one tab went to, if on screen, else the first on screen. */
  const usablePart = (): number | undefined => {
    const visible = visibleParts();
    return target !== null && visible.includes(target) ? target : visible[0];
  };

  const focusPart = (i: number) => {
    const part = parts[i];
    if (!part || part.kind === 'text') return;
    const start = partStart.get(i) ?? 0;
    const end = partEnd.get(i) ?? start;
    // Bring the whole part on screen (its start first when it is taller than the view).
    if (start < shownTop || end >= shownTop + viewRows) reader.getState().scrollTo(Math.min(start, Math.max(end - viewRows + 1, 0)), maxTop);
    if (part.kind === 'scenario' && !timelines.has(i)) {
      setNotice('This timeline cannot play: its scenario is not available.');
      return;
    }
    reader.getState().setFocus(part.kind === 'scenario' ? { kind: 'timeline', part: i } : { kind: 'quiz', part: i });
    setNotice(null);
  };

  const answered = (a: { questionId: string; correct: boolean } | null) => {
    if (!a) return;
    progress.getState().answerSelfCheck(lesson.id, a.questionId, a.correct);
    progress.getState().settle(lesson.id, checkIds);
  };

  // The search has its own handler below (it types what is not a key of its context).
  const context = focus.kind === 'search' ? 'reader' : (contextOf(focus) ?? 'reader');
  useScreenInput(
    context,
    (action, input, key) => {
      const st = reader.getState();
      setNotice(null);
      if (focus.kind === 'timeline') {
        const sim = timelines.get(focus.part)?.store.getState();
        if (!sim) return;
        switch (action) {
          case 'play':
            sim.togglePlay();
            break;
          case 'step-back':
            sim.stepBack();
            break;
          case 'step-forward':
            sim.stepForward();
            break;
          case 'faster':
            sim.faster();
            break;
          case 'slower':
            sim.slower();
            break;
          case 'restart':
            sim.restart();
            break;
          case 'fencing':
          case 'minting':
          case 'check':
            sim.toggle(action);
            break;
        }
        return;
      }
      if (focus.kind === 'quiz') {
        const now = Date.now();
        switch (action) {
          case 'pick':
            answered(st.pickOption(Number(input) - 1, now));
            break;
          case 'toggle':
            answered(st.pickOption(st.selfCheck?.highlighted ?? 0, now));
            break;
          case 'move':
            st.moveOption(key.upArrow ? -1 : 1);
            break;
          case 'event-up':
            st.moveEvent(-1);
            break;
          case 'event-down':
            st.moveEvent(1);
            break;
          case 'choose':
            answered(st.choose(now));
            break;
          case 'prev-question':
            st.goToQuestion((st.selfCheck?.session.current ?? 0) - 1, now);
            break;
          case 'next-question':
            st.goToQuestion((st.selfCheck?.session.current ?? 0) + 1, now);
            break;
        }
        return;
      }
      switch (action) {
        case 'down':
          st.scrollBy(1, maxTop);
          break;
        case 'up':
          st.scrollBy(-1, maxTop);
          break;
        case 'page-down':
          st.scrollTo(shownTop + Math.max(1, viewRows - 2), maxTop);
          break;
        case 'page-up':
          st.scrollTo(shownTop - Math.max(1, viewRows - 2), maxTop);
          break;
        case 'top':
          st.scrollTo(0, maxTop);
          break;
        case 'slide':
          setSlide(Math.max(0, Math.min(shownSlide + (key.leftArrow ? -1 : 1) * slideStep(rowRoom), wideBy)));
          break;
        case 'bottom':
          st.scrollTo(maxTop, maxTop);
          break;
        case 'next-lesson':
          goLesson(1);
          break;
        case 'prev-lesson':
          goLesson(-1);
          break;
        case 'search':
          st.openSearch();
          break;
        case 'focus': {
          const part = usablePart();
          if (part === undefined) setNotice('Nothing to use here: tab goes to the next timeline or self-check.');
          else focusPart(part);
          break;
        }
        case 'next-part': {
          // Tab cycles through the embedded parts, even when the screen cannot scroll further.
          const embedded = [...partStart.entries()].filter(([i]) => parts[i]?.kind !== 'text');
          if (embedded.length === 0) {
            setNotice('This lesson has no timeline or self-check.');
            break;
          }
          const next = (target === null ? embedded.find(([, start]) => start >= shownTop) : embedded.find(([i]) => i > target)) ?? embedded[0];
          if (next) {
            setTarget(next[0]);
            st.scrollTo(next[1], maxTop);
          }
          break;
        }
      }
    },
    { isActive: focus.kind !== 'search' },
  );

  // Search: every lesson laid out at this width, searched as the query is typed.
  const searching = focus.kind === 'search';
  // biome-ignore lint/correctness/useExhaustiveDependencies: laid out again only when the search opens or the layout changes
  const searchable = useMemo(
    () =>
      searching ? lessons.map((l) => ({ id: l.id, number: l.number, title: l.title, parts: l.id === lesson.id ? parts : layoutLesson(l, layoutOptions) })) : [],
    [searching, lessons, lesson.id, parts],
  );
  const hits = useMemo(() => searchLessons(searchable, search.query), [searchable, search.query]);
  const jumpTo = (hit: SearchHit) => {
    const key = `${hit.part}:${hit.line}`;
    if (hit.lessonId === lesson.id) {
      const row = rows.findIndex((r) => r.key === key);
      reader.getState().setFocus({ kind: 'text' });
      if (row >= 0) reader.getState().scrollTo(Math.max(0, row - 2), Math.max(0, rows.length - (viewRows + SEARCH_ROWS)));
      setMark(search.query.trim());
      setMarkedKey(key);
      return;
    }
    router.getState().replace({ screen: 'reader', lessonId: hit.lessonId, jump: { key, query: search.query.trim() } });
  };
  useScreenInput(
    'reader-search',
    (action, _input, key) => {
      const st = reader.getState();
      switch (action) {
        case 'cancel':
          st.setFocus({ kind: 'text' });
          break;
        case 'jump': {
          const hit = hits[search.selected];
          if (hit) jumpTo(hit);
          break;
        }
        case 'move':
          st.moveSearch(key.upArrow ? -1 : 1, hits.length);
          break;
        case 'erase':
          st.eraseSearch();
          break;
      }
    },
    {
      isActive: focus.kind === 'search',
      // Every other printable key is part of the query.
      onUnbound: (input, key) => {
        if (!key.ctrl && !key.meta && input.length > 0 && !/[\u0000-\u001f\u007f]/.test(input)) reader.getState().typeSearch(input);
      },
    },
  );

  const percent = rows.length === 0 ? 100 : Math.min(100, Math.round(((shownTop + viewRows) / rows.length) * 100));
  const status =
    notice ??
    (focus.kind === 'timeline'
      ? 'The timeline has the keys. q or esc gives them back to the text.'
      : focus.kind === 'quiz'
        ? 'The self-check has the keys. q or esc gives them back to the text.'
        : completed && shownTop >= maxTop
          ? finishedLine(lesson.number, lessons)
          : usablePart() !== undefined
            ? `enter: ${parts[usablePart() ?? 0]?.kind === 'quiz' ? 'answer the self-check' : 'play the timeline'} here`
            : wideBy > 0
              ? `${theme.symbols.left}/${theme.symbols.right} slides the long line; fence-tutor lesson ${lesson.id} --plain prints it whole`
              : `${shownTop + 1}-${Math.min(rows.length, shownTop + viewRows)} of ${rows.length} lines`);

  return (
    <Box flexDirection="column">
      <Box width={area.columns - 1}>
        <Box flexGrow={1} flexShrink={1}>
          <Text bold wrap="truncate">
            {' '}
            Lesson {lesson.number} of {lessons.length} {theme.symbols.separator} {lesson.title}
            {sources.localIds.has(lesson.id) ? ' (local)' : ''}
          </Text>
        </Box>
        <Box flexShrink={0}>
          <Text color={completed ? theme.color('good') : undefined}>
            {completed ? `${theme.symbols.accepted} completed  ` : ''}
            {percent}%{' '}
          </Text>
        </Box>
      </Box>
      <Box flexDirection="column" height={viewRows} overflow="hidden">
        {shown.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the window
          <Text key={i} wrap="truncate">
            {mark && row.key === markedKey ? <Text bold>{theme.symbols.pointer}</Text> : ' '}
            {(mark ? highlight(showRow(row.line, shownSlide, rowRoom, theme.ascii), mark, markers) : showRow(row.line, shownSlide, rowRoom, theme.ascii)).map(
              (s, k) => (
                <Text
                  // biome-ignore lint/suspicious/noArrayIndexKey: spans are positional within one line
                  key={k}
                  bold={s.bold}
                  italic={s.italic}
                  underline={s.underline}
                  strikethrough={s.strikethrough}
                  inverse={s.inverse}
                  color={s.role ? theme.color(s.role) : undefined}
                >
                  {s.text}
                </Text>
              ),
            )}
            {row.line.length === 0 ? ' ' : ''}
          </Text>
        ))}
      </Box>
      {focus.kind === 'search' ? <SearchPanel query={search.query} hits={hits} selected={search.selected} rows={SEARCH_ROWS} width={area.columns - 2} /> : null}
      <Text wrap="truncate" color={warning ? theme.color('warn') : theme.color('muted')}>
        {' '}
        {warning ?? status}
      </Text>
    </Box>
  );
}

/** Where a finished lesson points next: `lesson 1 of 11 done; next: lesson 2 (n)`. */
export function finishedLine(number: number, lessons: readonly { number: number }[]): string {
  const at = lessons.findIndex((l) => l.number === number);
  const next = lessons[at + 1];
  const done = `lesson ${number} of ${lessons.length} done`;
  return next ? `${done}; next: lesson ${next.number} (n)` : `${done}: that was the last one (q back, / search)`;
}

function SearchPanel({ query, hits, selected, rows, width }: { query: string; hits: SearchHit[]; selected: number; rows: number; width: number }) {
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
