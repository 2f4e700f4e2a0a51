/**
 * Answering the question on show: the highlight, ticking, building an
 * order, a hint and a retry. Grading is the core's (through `respond`).
 */
import { hint as hintSession } from '../../core/quiz/session.js';
import type { Response } from '../../core/quiz/types.js';
import { moveInOrder } from '../../core/quiz/ordering-draft.js';
import { type QuizSlice, type SittingContext, takesOneOption } from './sitting-context.js';

type AnswerKeys = 'moveCursor' | 'pick' | 'toggle' | 'choose' | 'moveEvent' | 'askHint' | 'retry';

export const answerSlice =
  (ctx: SittingContext): QuizSlice<AnswerKeys> =>
  (set, get) => {
    const { current, editable, respond, rules, clock } = ctx;

    const responseFromDraft = (): Response | null => {
      const s = get();
      const q = current();
      if (!q) return null;
      if (takesOneOption(q)) return s.cursor;
      const draft = s.drafts[s.session.current];
      if (!draft) return null;
      if (q.type === 'multiple') return [...draft].sort((a, b) => a - b);
      return [...draft];
    };

    return {
      moveCursor: (delta) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || !q || q.options.length === 0) return;
        const n = q.options.length;
        // Options a hint struck out are skipped (ordering positions never are).
        const struck = q.type === 'ordering' ? [] : (s.session.answers[s.session.current]?.eliminated ?? []);
        let cursor = s.cursor;
        for (let step = 0; step < n; step++) {
          cursor = (cursor + delta + n) % n;
          if (!struck.includes(cursor)) break;
        }
        set({ cursor });
      },

      pick: (index) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || !q || index < 0 || index >= q.options.length) return;
        // A hint struck it out: not a choice any more.
        if (s.session.answers[s.session.current]?.eliminated.includes(index)) return;
        if (takesOneOption(q)) {
          set({ cursor: index });
          respond(index);
        } else if (q.type === 'multiple') {
          set({ cursor: index });
          get().toggle();
        } else {
          set({ cursor: index });
        }
      },

      toggle: () => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || q?.type !== 'multiple') return;
        if (!editable()) return;
        const draft = s.drafts[s.session.current] ?? [];
        const next = draft.includes(s.cursor) ? draft.filter((i) => i !== s.cursor) : [...draft, s.cursor];
        const drafts = s.drafts.slice();
        drafts[s.session.current] = next;
        set({ drafts });
      },

      choose: () => {
        const s = get();
        if (s.phase === 'intro') {
          get().begin();
          return;
        }
        if (s.phase !== 'question') return;
        if (s.confirm) {
          get().confirmYes();
          return;
        }
        if (s.feedback) {
          get().next();
          return;
        }
        const response = responseFromDraft();
        if (response !== null) respond(response);
      },

      moveEvent: (delta) => {
        const s = get();
        const q = current();
        if (s.phase !== 'question' || s.confirm || q?.type !== 'ordering') return;
        if (!editable()) return;
        const moved = moveInOrder(s.drafts[s.session.current] ?? [], s.cursor, delta);
        if (!moved) return;
        const drafts = s.drafts.slice();
        drafts[s.session.current] = moved.order;
        set({ drafts, cursor: moved.at });
      },

      askHint: () => {
        const s = get();
        if (s.phase !== 'question' || !rules.hints || s.feedback) return;
        const { state, hint } = hintSession(s.session, clock());
        if (!hint) return;
        // A struck-out option cannot stay highlighted or ticked.
        const drafts = s.drafts.slice();
        const draft = drafts[state.current];
        if (current()?.type === 'multiple' && draft) drafts[state.current] = draft.filter((i) => !hint.eliminated.includes(i));
        const q = current();
        let cursor = s.cursor;
        if (q && hint.eliminated.includes(cursor)) {
          cursor = q.options.findIndex((_, i) => !hint.eliminated.includes(i));
        }
        ctx.apply(state, {
          drafts,
          cursor: Math.max(0, cursor),
          hintShown: { lesson: hint.lesson, text: hint.text },
        });
      },

      retry: () => {
        const s = get();
        if (s.phase !== 'question' || !s.feedback?.canRetry) return;
        set({ feedback: null, feedbackFor: null });
      },
    };
  };
