/**
 * The reader's keys, by who has them: an embedded timeline (play, step,
 * speed, toggles), the self-check (pick, move, answer), or the text
 * (scroll, slide long lines, next lesson, search, and tab/enter to give the
 * keys to a part on screen). The search box's keys are use-reader-search's.
 */
import type { Key } from 'ink';
import type { Lesson } from '../../content/lesson/lesson-types.js';
import type { ProgressStore } from '../../store/progress-store.js';
import type { ReaderFocus, ReaderStore } from '../../store/reader-store.js';
import type { RouterStore } from '../../store/router-store.js';
import { useScreenInput } from '../use-screen-input.js';
import type { ReaderSources } from './reader-sources.js';
import { type PartsOnScreen, usablePart } from './reader-parts.js';
import type { EmbeddedTimeline } from './use-embedded-timelines.js';
import { slideStep } from './wide-rows.js';
import { pageFrom } from './scroll-limit.js';
import { bringPartIntoView } from './use-focused-part-in-view.js';

export interface ReaderKeysInput extends PartsOnScreen {
  context: 'reader' | 'reader-timeline' | 'reader-quiz' | 'reader-search';
  focus: ReaderFocus;
  lesson: Lesson;
  lessons: ReaderSources['curriculum']['lessons'];
  reader: ReaderStore;
  router: RouterStore;
  progress: ProgressStore;
  timelines: ReadonlyMap<number, EmbeddedTimeline>;
  checkIds: readonly string[];
  /** The bound for scrolling keys: keysMaxTop() (none until the whole lesson is laid out). */
  maxTop: number;
  /** False while only the first screen is laid out (use-lesson-rows.ts). */
  complete: boolean;
  /** Long rows: the room for them, how far they are slid, and how far they can slide. */
  slide: { room: number; shown: number; max: number; set: (n: number) => void };
  target: number | null;
  setTarget: (part: number) => void;
  setNotice: (notice: string | null) => void;
}

export function useReaderKeys(k: ReaderKeysInput): void {
  const { focus, reader, router, progress, timelines, lesson, lessons, parts, partStart, partEnd, shownTop, viewRows, maxTop, setNotice } = k;

  const goLesson = (delta: number) => {
    const next = lessons[lessons.findIndex((l) => l.id === lesson.id) + delta];
    if (!next) {
      setNotice(delta > 0 ? 'This is the last lesson.' : 'This is the first lesson.');
      return;
    }
    router.getState().replace({ screen: 'reader', lessonId: next.id });
  };

  const focusPart = (i: number) => {
    const part = parts[i];
    if (!part || part.kind === 'text') return;
    const start = partStart.get(i) ?? 0;
    const end = partEnd.get(i) ?? start;
    bringPartIntoView(reader, { start, end, shownTop, viewRows, maxTop });
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
    progress.getState().settle(lesson.id, k.checkIds);
  };

  const timelineKey = (action: string) => {
    if (focus.kind !== 'timeline') return;
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
  };

  const selfCheckKey = (action: string, input: string, key: Key) => {
    const st = reader.getState();
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
  };

  const textKey = (action: string, key: Key) => {
    const st = reader.getState();
    const page = Math.max(1, viewRows - 2);
    switch (action) {
      case 'down':
        st.scrollBy(1, maxTop);
        break;
      case 'up':
        st.scrollBy(-1, maxTop);
        break;
      case 'page-down':
        st.scrollTo(pageFrom(k.complete, st.top, shownTop) + page, maxTop);
        break;
      case 'page-up':
        st.scrollTo(pageFrom(k.complete, st.top, shownTop) - page, maxTop);
        break;
      case 'top':
        st.scrollTo(0, maxTop);
        break;
      case 'slide':
        k.slide.set(Math.max(0, Math.min(k.slide.shown + (key.leftArrow ? -1 : 1) * slideStep(k.slide.room), k.slide.max)));
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
        const part = usablePart(k, k.target);
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
        const target = k.target;
        const next = (target === null ? embedded.find(([, start]) => start >= shownTop) : embedded.find(([i]) => i > target)) ?? embedded[0];
        if (next) {
          k.setTarget(next[0]);
          st.scrollTo(next[1], maxTop);
        }
        break;
      }
    }
  };

  useScreenInput(
    k.context,
    (action, input, key) => {
      setNotice(null);
      if (focus.kind === 'timeline') timelineKey(action);
      else if (focus.kind === 'quiz') selfCheckKey(action, input, key);
      else textKey(action, key);
    },
    { isActive: focus.kind !== 'search' },
  );
}
