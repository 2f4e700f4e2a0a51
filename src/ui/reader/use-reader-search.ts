/**
 * The reader's search while its box is open: every lesson laid out at this
 * width and searched as the query is typed; the keys go to the box (it
 * captures them, so single-letter bindings do not fire); Enter jumps to the
 * selected hit, in this lesson or another.
 */
import { useMemo } from 'react';
import type { Lesson } from '../../content/lesson/lesson-types.js';
import { useScreenInput } from '../use-screen-input.js';
import { isTypedText } from '../../core/neutralise.js';
import type { ReaderState, ReaderStore } from '../../store/reader-store.js';
import type { RouterStore } from '../../store/router-store.js';
import { type LayoutOptions, type LessonPart, layoutLesson } from './lesson-layout.js';
import { type SearchHit, searchLessons } from './search.js';
import type { ReaderSources } from './reader-sources.js';
import type { Row } from './use-lesson-rows.js';
import { useLessonTokens } from './use-lesson-tokens.js';

/** Rows the search panel takes under the lesson. */
export const SEARCH_ROWS = 8;

export interface ReaderSearchInput {
  lesson: Lesson;
  lessons: ReaderSources['curriculum']['lessons'];
  sources: ReaderSources;
  parts: LessonPart[];
  layoutOptions: LayoutOptions;
  rows: readonly Row[];
  viewRows: number;
  search: ReaderState['search'];
  searching: boolean;
  reader: ReaderStore;
  router: RouterStore;
  /** A hit in this lesson: mark the query and the line it is on. */
  onMark: (query: string, key: string) => void;
}

export function useReaderSearch(input: ReaderSearchInput): SearchHit[] {
  const { lesson, lessons, sources, parts, layoutOptions, rows, viewRows, search, searching, reader, router, onMark } = input;
  // The other lessons' tokens only once the search opens (after the first frame).
  const tokensOf = useLessonTokens(sources, searching ? lessons : []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: laid out again only when the search opens or the layout changes
  const searchable = useMemo(
    () =>
      searching
        ? lessons.map((l) => ({ id: l.id, number: l.number, title: l.title, parts: l.id === lesson.id ? parts : layoutLesson(l, layoutOptions, tokensOf(l)) }))
        : [],
    [searching, lessons, lesson.id, parts],
  );
  const hits = useMemo(() => searchLessons(searchable, search.query), [searchable, search.query]);
  const jumpTo = (hit: SearchHit, query: string) => {
    const key = `${hit.part}:${hit.line}`;
    if (hit.lessonId === lesson.id) {
      const row = rows.findIndex((r) => r.key === key);
      reader.getState().setFocus({ kind: 'text' });
      if (row >= 0) reader.getState().scrollTo(Math.max(0, row - 2), Math.max(0, rows.length - (viewRows + SEARCH_ROWS)));
      onMark(query.trim(), key);
      return;
    }
    router.getState().replace({ screen: 'reader', lessonId: hit.lessonId, jump: { key, query: query.trim() } });
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
          // The query as it is now: text read with this Enter is in the store, not yet drawn.
          const { query, selected } = st.search;
          const hit = (query === search.query ? hits : searchLessons(searchable, query))[selected];
          if (hit) jumpTo(hit, query);
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
      isActive: searching,
      // Every other printable key is part of the query.
      onUnbound: (text, key) => {
        if (!key.ctrl && !key.meta && isTypedText(text)) reader.getState().typeSearch(text);
      },
    },
  );
  return hits;
}
