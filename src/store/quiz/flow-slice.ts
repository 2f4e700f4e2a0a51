/**
 * Moving through the sitting: starting it, the next and previous question,
 * submitting or leaving (asked first where the mode says), and the clock.
 */
import { leave as leaveSession, startSession, submit as submitSession, tick as tickSession, timeLeftMs } from '../../core/quiz/session.js';
import type { QuizSlice, SittingContext } from './sitting-context.js';

type FlowKeys = 'begin' | 'next' | 'previous' | 'requestSubmit' | 'requestLeave' | 'cancelConfirm' | 'confirmYes' | 'leave' | 'tick';

export const flowSlice =
  (ctx: SittingContext): QuizSlice<FlowKeys> =>
  (set, get) => {
    const { apply, show, rules, clock, questions, config } = ctx;
    return {
      begin: () => {
        if (get().phase !== 'intro') return;
        const now = clock();
        set({ phase: 'question', session: startSession(config, now), now, cursor: 0 });
      },

      next: () => {
        const s = get();
        if (s.phase !== 'question' || s.confirm) return;
        if (s.session.current >= questions.length - 1) {
          // Practice ends after the last question; an exam asks before submitting.
          if (rules.confirmSubmit) get().requestSubmit();
          else apply(submitSession(s.session, clock()));
          return;
        }
        show(s.session.current + 1);
      },

      previous: () => {
        const s = get();
        if (s.phase !== 'question' || s.confirm || !rules.changeAnswers) return;
        show(s.session.current - 1);
      },

      requestSubmit: () => {
        const s = get();
        if (s.phase !== 'question' || !rules.confirmSubmit) return;
        set({ confirm: 'submit' });
      },

      requestLeave: () => {
        if (get().phase === 'summary') return;
        set({ confirm: 'leave' });
      },

      cancelConfirm: () => set({ confirm: null }),

      confirmYes: () => {
        const s = get();
        if (s.confirm === 'submit') apply(submitSession(s.session, clock()));
        else if (s.confirm === 'leave') get().leave();
      },

      leave: () => {
        const s = get();
        if (s.phase === 'summary') return;
        apply(leaveSession(s.session, clock()));
      },

      tick: () => {
        const s = get();
        if (s.phase !== 'question') return;
        const now = clock();
        const next = tickSession(s.session, now);
        if (next === s.session) {
          // Redraw once a second, when the countdown's seconds change, not on every reading.
          const before = timeLeftMs(s.session, s.now);
          const after = timeLeftMs(s.session, now);
          if (before !== null && after !== null && Math.ceil(before / 1000) !== Math.ceil(after / 1000)) set({ now });
          return;
        }
        apply(next);
      },
    };
  };
