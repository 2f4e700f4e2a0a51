/**
 * The reader's state for one lesson: where the view is, which part has the
 * focus (the text, an embedded timeline, the self-check, the search box),
 * the search, and the self-check sitting (the quiz core's pure practice
 * session). Vanilla zustand: no React, no clock (times come in as numbers).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { answer, type Feedback, goTo, type SessionState, startSession } from '../core/quiz/session.js';
import { initialOrder, moveInOrder } from '../core/quiz/ordering-draft.js';
import type { DrawnQuestion } from '../core/quiz/types.js';

export type ReaderFocus = { kind: 'text' } | { kind: 'timeline'; part: number } | { kind: 'quiz'; part: number } | { kind: 'search' };

export interface SelfCheck {
  session: SessionState;
  /** The option the arrows point at (ordering: a position in `picked`). */
  highlighted: number;
  /** Multiple: chosen options; ordering: every option, in the learner's order (src/core/quiz/ordering-draft.ts). */
  picked: number[];
  /** Feedback on the current question's last answer. */
  feedback: Feedback | null;
}

export interface SearchState {
  query: string;
  selected: number;
}

export interface ReaderState {
  top: number;
  focus: ReaderFocus;
  search: SearchState;
  selfCheck: SelfCheck | null;
  scrollBy: (delta: number, maxTop: number) => void;
  scrollTo: (top: number, maxTop: number) => void;
  setFocus: (focus: ReaderFocus) => void;
  openSearch: () => void;
  typeSearch: (text: string) => void;
  eraseSearch: () => void;
  moveSearch: (delta: number, hits: number) => void;
  startSelfCheck: (questions: DrawnQuestion[], now: number) => void;
  moveOption: (delta: number) => void;
  /**
   * A digit or space on option `index`: answers a one-answer question at
   * once, toggles it for a multiple, selects that position for an ordering.
   * Returns the answer outcome when an answer was given.
   */
  pickOption: (index: number, now: number) => Answered | null;
  /** Ordering: moves the selected event up (-1) or down (+1), the selection following it. */
  moveEvent: (delta: -1 | 1) => void;
  /** Enter: answer the highlighted option, the picks or the order shown, or go on after feedback. */
  choose: (now: number) => Answered | null;
  goToQuestion: (index: number, now: number) => void;
}

export interface Answered {
  questionId: string;
  correct: boolean;
}

export type ReaderStore = StoreApi<ReaderState>;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

function currentQuestion(sc: SelfCheck): DrawnQuestion | undefined {
  return sc.session.config.questions[sc.session.current];
}

function oneAnswer(q: DrawnQuestion): boolean {
  return q.type !== 'multiple' && q.type !== 'ordering';
}

/** What a question starts with: nothing ticked, or an ordering's events as drawn. */
function freshPicks(q: DrawnQuestion | undefined): number[] {
  return q?.type === 'ordering' ? initialOrder(q.options.length) : [];
}

export function createReaderStore(initialTop = 0): ReaderStore {
  return createStore<ReaderState>()((set, get) => {
    const submit = (response: number | number[], now: number): Answered | null => {
      const sc = get().selfCheck;
      const q = sc ? currentQuestion(sc) : undefined;
      if (!sc || !q) return null;
      const out = answer(sc.session, response, now);
      if (out.refused || !out.feedback) return null;
      // The picks stay as answered: the ticks beside the feedback show what was chosen (cleared, a
      // right answer looked unticked), and a wrong multiple or ordering is fixed by changing them.
      set({ selfCheck: { ...sc, session: out.state, feedback: out.feedback } });
      return { questionId: q.id, correct: out.feedback.correct };
    };
    const next = (now: number) => {
      const sc = get().selfCheck;
      if (!sc) return;
      const index = sc.session.current + 1;
      if (index >= sc.session.config.questions.length) {
        set({ selfCheck: { ...sc, feedback: null } });
        return;
      }
      set({
        selfCheck: { ...sc, session: goTo(sc.session, index, now), highlighted: 0, picked: freshPicks(sc.session.config.questions[index]), feedback: null },
      });
    };
    return {
      top: initialTop,
      focus: { kind: 'text' },
      search: { query: '', selected: 0 },
      selfCheck: null,
      scrollBy: (delta, maxTop) => set({ top: clamp(get().top + delta, 0, maxTop) }),
      scrollTo: (top, maxTop) => set({ top: clamp(top, 0, maxTop) }),
      setFocus: (focus) => set({ focus }),
      openSearch: () => set({ focus: { kind: 'search' }, search: { query: '', selected: 0 } }),
      typeSearch: (text) => set({ search: { query: get().search.query + text, selected: 0 } }),
      eraseSearch: () => set({ search: { query: [...get().search.query].slice(0, -1).join(''), selected: 0 } }),
      moveSearch: (delta, hits) => set({ search: { ...get().search, selected: clamp(get().search.selected + delta, 0, hits - 1) } }),
      startSelfCheck: (questions, now) =>
        set({
          selfCheck: {
            session: startSession({ questions, mode: 'practice', timeLimitMs: null, passMark: null }, now),
            highlighted: 0,
            picked: freshPicks(questions[0]),
            feedback: null,
          },
        }),
      moveOption: (delta) => {
        const sc = get().selfCheck;
        const q = sc ? currentQuestion(sc) : undefined;
        if (!sc || !q) return;
        set({ selfCheck: { ...sc, highlighted: clamp(sc.highlighted + delta, 0, q.options.length - 1) } });
      },
      pickOption: (index, now) => {
        const sc = get().selfCheck;
        const q = sc ? currentQuestion(sc) : undefined;
        if (!sc || !q || index < 0 || index >= q.options.length) return null;
        if (sc.session.answers[sc.session.current]?.solved) return null;
        if (oneAnswer(q)) {
          set({ selfCheck: { ...sc, highlighted: index } });
          return submit(index, now);
        }
        if (q.type === 'ordering') {
          set({ selfCheck: { ...sc, highlighted: index } });
          return null;
        }
        const had = sc.picked.includes(index);
        const picked = had ? sc.picked.filter((i) => i !== index) : [...sc.picked, index];
        set({ selfCheck: { ...sc, highlighted: index, picked, feedback: null } });
        return null;
      },
      moveEvent: (delta) => {
        const sc = get().selfCheck;
        const q = sc ? currentQuestion(sc) : undefined;
        if (!sc || q?.type !== 'ordering' || sc.session.answers[sc.session.current]?.solved) return;
        const moved = moveInOrder(sc.picked, sc.highlighted, delta);
        if (moved) set({ selfCheck: { ...sc, picked: moved.order, highlighted: moved.at, feedback: null } });
      },
      choose: (now) => {
        const sc = get().selfCheck;
        const q = sc ? currentQuestion(sc) : undefined;
        if (!sc || !q) return null;
        const record = sc.session.answers[sc.session.current];
        if (sc.feedback || record?.solved) {
          next(now);
          return null;
        }
        if (oneAnswer(q)) return submit(sc.highlighted, now);
        if (q.type === 'multiple' && sc.picked.length > 0)
          return submit(
            [...sc.picked].sort((a, b) => a - b),
            now,
          );
        if (q.type === 'ordering') return submit([...sc.picked], now);
        return null;
      },
      goToQuestion: (index, now) => {
        const sc = get().selfCheck;
        if (!sc || index < 0 || index >= sc.session.config.questions.length) return;
        set({
          selfCheck: { ...sc, session: goTo(sc.session, index, now), highlighted: 0, picked: freshPicks(sc.session.config.questions[index]), feedback: null },
        });
      },
    };
  });
}

/** Questions answered at least once in this sitting. */
export function answeredInSitting(sc: SelfCheck | null): number {
  return sc ? sc.session.answers.filter((a) => a.attempts > 0).length : 0;
}
