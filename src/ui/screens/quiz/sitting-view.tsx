/**
 * A sitting on screen: the exam's intro (pass mark, time limit), the
 * questions, the summary. Keys go to the store as actions of the focused
 * key context; Ctrl-C and q/Esc go through the router's guards, so an exam
 * asks before it is left and saves an incomplete report when it is.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { onCleanup } from '../../../platform/cleanup.js';
import { modeRules } from '../../../core/quiz/mode-rules.js';
import { formatCountdown, type QuizFields, type QuizState, type QuizStore, quizFields } from '../../../store/quiz-store.js';
import { useAppContext } from '../../app-context.js';
import { keyName } from '../../keymap.js';
import { useScreenInput } from '../../use-screen-input.js';
import { useFocusGuards } from '../../use-focus-guards.js';
import type { Theme } from '../../theme.js';
import type { PredictFocus } from './predict-moment.js';
import { QuestionView } from './question-view.js';
import { contextOf } from './sitting-context.js';
import { summaryLines } from './summary-lines.js';

/** How often the countdown reads the clock. */
const TICK_MS = 250;

export interface SittingViewProps {
  store: QuizStore;
  focusOf: (id: string) => PredictFocus | undefined;
  /** Leaving the summary (q, Esc or Enter): back to the menu, or quit when opened from the command line. */
  onDone: (state: QuizState) => void;
}

export function SittingView({ store, focusOf, onDone }: SittingViewProps) {
  const { theme, area } = useAppContext();
  // The fields only (actions are read from getState when a key arrives).
  const state = useStore(store, useShallow(quizFields));
  const context = contextOf(state);
  const [scroll, setScroll] = useState(0);
  const timed = state.phase === 'question' && state.meta.timeLimitMs !== null;

  // The countdown: the only timer, running while a timed sitting is on screen.
  useEffect(() => {
    if (!timed) return;
    const timer = setInterval(() => store.getState().tick(), TICK_MS);
    return () => clearInterval(timer);
  }, [timed, store]);

  // SIGTERM or SIGHUP mid-sitting: what was answered is saved as an incomplete report.
  useEffect(() => {
    const forget = onCleanup(() => store.getState().leave());
    return () => {
      forget();
    };
  }, [store]);

  // Help and hints follow the part in focus; Ctrl-C and q/Esc ask the sitting first.
  useFocusGuards({
    keyContext: context,
    ctrlC: () => {
      const s = store.getState();
      if (s.phase === 'question' && modeRules(s.meta.mode).confirmLeave && s.confirm !== 'leave') {
        s.requestLeave();
        return true; // asked; a second Ctrl-C leaves
      }
      s.leave(); // saves what was answered (no-op on the summary)
      return false; // the app quits with 130
    },
    back: () => {
      const s = store.getState();
      if (s.confirm) {
        s.cancelConfirm();
        return true;
      }
      if (s.phase === 'question' && modeRules(s.meta.mode).confirmLeave) {
        s.requestLeave();
        return true;
      }
      if (s.phase === 'summary') {
        onDone(s);
        return true;
      }
      s.leave();
      return false;
    },
  });

  useScreenInput(context, (action, input, key) => {
    const name = keyName(input, key);
    const s = store.getState();
    switch (action) {
      case 'begin':
        s.begin();
        break;
      case 'pick':
        s.pick(Number(name) - 1);
        break;
      case 'cursor-up':
        if (s.feedback) break; // only feedback modes have it: the answer is on show
        s.moveCursor(-1);
        break;
      case 'cursor-down':
        if (s.feedback) break; // only feedback modes have it: the answer is on show
        s.moveCursor(1);
        break;
      case 'choose':
        s.choose();
        break;
      case 'toggle':
        s.toggle();
        break;
      case 'event-up':
        s.moveEvent(-1);
        break;
      case 'event-down':
        s.moveEvent(1);
        break;
      case 'hint':
        s.askHint();
        break;
      case 'retry':
        s.retry();
        break;
      case 'next':
        s.next();
        break;
      case 'previous':
        s.previous();
        break;
      case 'submit':
        s.requestSubmit();
        break;
      case 'yes':
        if (name === 'enter') s.confirmYes();
        // Esc is the global back, which the back guard turns into "no".
        break;
      case 'scroll-up':
        setScroll((v) => Math.max(0, v - (name === 'pageup' ? area.rows - 4 : 1)));
        break;
      case 'scroll-down':
        setScroll((v) => v + (name === 'pagedown' ? area.rows - 4 : 1));
        break;
      case 'done':
        onDone(s);
        break;
    }
  });

  if (state.phase === 'intro') return <IntroView state={state} theme={theme} />;
  if (state.phase === 'summary') return <SummaryView state={state} theme={theme} scroll={scroll} columns={area.columns} rows={area.rows} />;
  return <QuestionView state={state} theme={theme} columns={area.columns} rows={area.rows} focusOf={focusOf} />;
}

function IntroView({ state, theme }: { state: QuizFields; theme: Theme }) {
  const { meta, questions } = state;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Quiz {theme.symbols.separator} exam{meta.title ? ` ${theme.symbols.dot} ${meta.title}` : ''}
      </Text>
      <Text> </Text>
      <Text>{questions.length} questions.</Text>
      <Text bold>Pass mark: {meta.passMark ?? 0}% of the questions right.</Text>
      <Text>
        {meta.timeLimitMs === null
          ? 'No time limit.'
          : `Time limit: ${formatCountdown(meta.timeLimitMs)}. The countdown starts when you press enter; at zero the exam ends and unanswered questions count as wrong.`}
      </Text>
      <Text> </Text>
      <Text>No feedback until the end. You can change an answer until you submit (s).</Text>
      <Text>Ctrl-C or q asks before leaving; leaving saves an incomplete report.</Text>
      <Text> </Text>
      <Text bold>Press enter to start.</Text>
    </Box>
  );
}

function SummaryView({ state, theme, scroll, columns, rows }: { state: QuizFields; theme: Theme; scroll: number; columns: number; rows: number }) {
  const lines = summaryLines(state, theme.symbols, columns - 2);
  const room = Math.max(3, rows - 3);
  const top = Math.min(scroll, Math.max(0, lines.length - room));
  const shown = lines.slice(top, top + room);
  const more = lines.length - (top + shown.length);
  return (
    <Box flexDirection="column" paddingX={1} height={rows} overflow="hidden">
      <Text bold color={theme.color('accent')}>
        Quiz {theme.symbols.separator} {state.meta.mode} {theme.symbols.dot} summary
      </Text>
      <Text color={theme.color('muted')}>{theme.symbols.hrule.repeat(Math.max(1, columns - 3))}</Text>
      {shown.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional lines of one scrolled text
        <Text key={top + i} wrap="truncate" bold={l.bold === true} color={l.role ? theme.color(l.role) : undefined}>
          {l.text === '' ? ' ' : l.text}
        </Text>
      ))}
      {more > 0 ? <Text color={theme.color('muted')}>{`${theme.symbols.down} ${more} more lines (${theme.symbols.down} scrolls)`}</Text> : null}
    </Box>
  );
}
