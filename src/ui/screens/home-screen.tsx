/** Home: the menu every session starts from. */
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { createContext, useContext, useEffect, useState } from 'react';
import { EXIT } from '../../platform/exit-codes.js';
import { useStore } from 'zustand';
import { appProgressStore } from '../../store/progress-store.js';
import type { Route } from '../../store/router-store.js';
import { useAppContext } from '../app-context.js';
import { boxBorder } from '../theme.js';
import { SelectMenu } from '../components/select-menu.js';
import type { HomeLessonEntries } from '../reader/continue-entry.js';
import { dueCount, quizEntryDescription } from './quiz/due-count.js';

export interface HomeEntry {
  label: string;
  description: string;
  /** Where it goes; null quits. */
  route: Route | null;
}

export const HOME_ENTRIES: HomeEntry[] = [
  { label: 'Continue', description: 'pick up where you left off', route: { screen: 'continue' } },
  { label: 'Lessons', description: 'leases, locks and fencing tokens, in order', route: { screen: 'lessons' } },
  { label: 'Simulator', description: 'watch a stale holder come back', route: { screen: 'simulator' } },
  { label: 'Explore', description: 'every ordering of in-flight writes', route: { screen: 'explore' } },
  { label: 'Quiz', description: 'practice, exam, review', route: { screen: 'quiz' } },
  { label: 'Challenges', description: 'reach a goal by acting on a run', route: { screen: 'challenges' } },
  { label: 'Lab', description: 'the real thing, on this machine', route: { screen: 'lab' } },
  { label: 'Exercises', description: 'write the code; the tutor checks it for real', route: { screen: 'exercises' } },
  { label: 'Progress', description: 'what you have done so far', route: { screen: 'progress' } },
  { label: 'Your runs', description: 'runs you saved from the simulator (w)', route: { screen: 'simulator', runs: true } },
  { label: 'Help', description: 'keys and commands', route: { screen: 'help' } },
  { label: 'Quit', description: '', route: null },
];

/** Review questions due now, read once per visit to Home (for the Quiz entry). */
const DueContext = createContext(0);

const LABEL_WIDTH = Math.max(...HOME_ENTRIES.map((e) => e.label.length)) + 2;

/** The learner's own words for Continue and Lessons (from the progress file), when known. */
const LessonEntries = createContext<HomeLessonEntries | null>(null);

function Item({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  const { theme } = useAppContext();
  const entry = HOME_ENTRIES.find((e) => e.label === label);
  const due = useContext(DueContext);
  const own = useContext(LessonEntries);
  const description =
    label === 'Quiz'
      ? quizEntryDescription(due, theme.symbols.dot)
      : ((label === 'Continue' ? own?.continueLabel : label === 'Lessons' ? own?.lessonsLabel : undefined) ?? entry?.description ?? '');
  // The menu opens the Nth entry on digit N: number the first nine so that key is visible.
  const index = HOME_ENTRIES.findIndex((e) => e.label === label);
  const number = index >= 0 && index < 9 ? String(index + 1) : ' ';
  return (
    <Text color={isSelected ? theme.color('selected') : undefined} bold={isSelected}>
      {number} {label.padEnd(LABEL_WIDTH)}
      <Text color={theme.color('muted')}>{description}</Text>
    </Text>
  );
}

export function HomeScreen() {
  const { router, theme, flags } = useAppContext();
  const helpOpen = useStore(router, (s) => s.helpOpen || s.tooSmall);
  const progress = useStore(appProgressStore(), (s) => s.progress);
  // A progress file that was corrupt was set aside: say so where the session starts.
  const warning = useStore(appProgressStore(), (s) => s.warning);
  const content = flags.content;
  // The curriculum loads after the first frame (from the build's snapshot
  // when it matches the files, else through the Markdown and YAML parsers).
  const [own, setOwn] = useState<HomeLessonEntries | null>(null);
  useEffect(() => {
    let live = true;
    void import('../reader/continue-entry.js').then(
      (m) =>
        m.homeLessonEntries(progress, content).then((entries) => {
          if (live) setOwn(entries);
        }),
      // Only labels: if their code cannot load, Home keeps the plain
      // descriptions, and the Lessons screen reports the problem when opened.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [progress, content]);
  const [due] = useState(() => dueCount(Date.now()));
  const items = HOME_ENTRIES.map((entry, index) => ({ key: entry.label, label: entry.label, value: index }));
  return (
    <Box flexDirection="column">
      <Box {...boxBorder(theme)} flexDirection="column" paddingX={1}>
        <Text bold color={theme.color('accent')}>
          fence-tutor
        </Text>
        <Text>Leases, locks and fencing tokens</Text>
        <Box marginTop={1}>
          <DueContext.Provider value={due}>
            <LessonEntries.Provider value={own}>
              <SelectMenu
                items={items}
                isFocused={!helpOpen}
                itemComponent={Item}
                onSelect={(item) => {
                  const entry = HOME_ENTRIES[item.value];
                  if (!entry) return;
                  const route = entry.label === 'Continue' ? (own?.continueRoute ?? { screen: 'lessons' }) : entry.route;
                  if (route) router.getState().push(route);
                  else router.getState().quit(EXIT.ok);
                }}
              />
            </LessonEntries.Provider>
          </DueContext.Provider>
        </Box>
      </Box>
      {warning ? (
        <Text color={theme.color('warn')} wrap="wrap">
          {' '}
          {warning}
        </Text>
      ) : null}
    </Box>
  );
}
