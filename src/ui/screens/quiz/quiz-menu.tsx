/**
 * The quiz menu (Home › Quiz): practice, exam, or review with the number of
 * questions due. Picking one opens a sitting on top of the menu, so q from
 * the sitting comes back here.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { useState } from 'react';
import { useAppContext } from '../../app-context.js';
import { useScreenInput } from '../../use-screen-input.js';
import { MENU_COUNT, MENU_EXAM_TIME_LIMIT_MS } from './sitting.js';

export interface MenuEntry {
  label: string;
  description: string;
  route: { screen: 'quiz'; mode: 'practice' | 'exam' | 'review'; count?: number; timeLimitMs?: number };
}

function menuEntries(due: number): MenuEntry[] {
  return [
    {
      label: 'Practice',
      description: `${MENU_COUNT} questions, feedback after each, hints with h`,
      route: { screen: 'quiz', mode: 'practice', count: MENU_COUNT },
    },
    {
      label: 'Exam',
      description: `${MENU_COUNT} questions in ${MENU_EXAM_TIME_LIMIT_MS / 60000} minutes, pass mark 70%, feedback at the end`,
      route: { screen: 'quiz', mode: 'exam', count: MENU_COUNT, timeLimitMs: MENU_EXAM_TIME_LIMIT_MS },
    },
    {
      label: 'Review',
      description: due === 0 ? 'nothing due: wrong answers come back here' : `${due} due: the questions you got wrong, spaced out`,
      route: { screen: 'quiz', mode: 'review' },
    },
  ];
}

export function QuizMenu({ due }: { due: number }) {
  const { theme, router } = useAppContext();
  const entries = menuEntries(due);
  const [cursor, setCursor] = useState(0);
  const open = (i: number) => {
    const entry = entries[i];
    if (entry) router.getState().push(entry.route);
  };
  useScreenInput('quiz-menu', (action, input, key) => {
    if (action === 'move') setCursor((c) => (c + (key.upArrow || input === 'k' ? -1 : 1) + entries.length) % entries.length);
    else if (action === 'open') open(cursor);
    else if (action === 'pick') open(Number(input) - 1);
  });
  const width = Math.max(...entries.map((e) => e.label.length)) + 2;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        Quiz
      </Text>
      <Text>Questions on leases, locks and fencing tokens.</Text>
      <Text> </Text>
      {entries.map((e, i) => (
        <Text key={e.label} color={i === cursor ? theme.color('selected') : undefined} bold={i === cursor}>
          {i === cursor ? theme.symbols.pointer : ' '} {i + 1} {e.label.padEnd(width)}
          <Text color={theme.color('muted')}>{e.description}</Text>
        </Text>
      ))}
      <Text> </Text>
      <Text color={theme.color('muted')}>From the command line: fence-tutor quiz --mode exam --count 20 --time-limit 30m</Text>
    </Box>
  );
}
