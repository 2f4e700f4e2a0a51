/** The shipped scenarios (and an instructor's, with --content), to open one. */
import { join } from 'node:path';
import { Box } from 'ink';
import { Text } from '../components/text.js';
import { use, useMemo } from 'react';
import { useStore } from 'zustand';
import { screenCovered } from '../../store/router-store.js';
import { ContentError, formatProblem } from '../../content/shared/problems.js';
import type { Scenario } from '../../core/types.js';
import { useAppContext } from '../app-context.js';
import { errorMessage } from '../../platform/error-message.js';
import { sanitizeLine } from '../../content/shared/sanitize.js';
import { useFocusGuards } from '../use-focus-guards.js';
import { SelectMenu } from '../components/select-menu.js';

interface Loaders {
  scenarios: typeof import('../../content/scenario/scenario-loader.js');
  runs: typeof import('../../content/scenario/saved-runs.js');
}

let loaders: Promise<Loaders> | undefined;

/**
 * The scenario loader and the saved runs' reader bring the YAML parser
 * (about 30 ms): imported when a picker first shows (the app's "Loading..."
 * meanwhile, keys kept), not with the simulator screen, whose first frame
 * opened on a scenario does without them (issue 32).
 */
function pickerLoaders(): Promise<Loaders> {
  loaders ??= Promise.all([import('../../content/scenario/scenario-loader.js'), import('../../content/scenario/saved-runs.js')]).then(([scenarios, runs]) => ({
    scenarios,
    runs,
  }));
  return loaders;
}

function loadAll({ scenarios: loader }: Loaders, contentDir: unknown): { scenarios: Scenario[]; problems: string[] } {
  try {
    const shipped = loader.listShippedScenarios();
    const local = typeof contentDir === 'string' ? loader.loadScenarioDir(join(contentDir, 'scenarios'), true) : [];
    // An instructor's scenario with a shipped id replaces the shipped one.
    const ids = new Set(local.map((s) => s.id));
    return { scenarios: [...local, ...shipped.filter((s) => !ids.has(s.id))], problems: [] };
  } catch (err) {
    if (err instanceof ContentError) return { scenarios: [], problems: err.problems.map(formatProblem) };
    return { scenarios: [], problems: [sanitizeLine(errorMessage(err))] };
  }
}

/** The runs saved from the simulator ("Your runs"); a file that no longer loads is named, not fatal. */
function loadRuns({ runs: reader }: Loaders): { scenarios: Scenario[]; problems: string[]; unreadable: string[] } {
  const { runs, problems } = reader.listSavedRuns();
  return { scenarios: runs, problems: [], unreadable: problems };
}

/** Saved files that no longer load (edited by hand, say): named with their first problem, not opened. */
function Unreadable({ problems }: { problems: string[] }) {
  const { theme } = useAppContext();
  if (problems.length === 0) return null;
  return (
    <Text color={theme.color('warn')} wrap="truncate">
      {problems.length} saved file{problems.length === 1 ? '' : 's'} could not be read: {problems[0]}
    </Text>
  );
}

export function ScenarioPicker({ title, onPick, runs }: { title: string; onPick: (scenario: Scenario) => void; runs?: boolean }) {
  const { router, theme, flags, area } = useAppContext();
  const covered = useStore(router, screenCovered);
  const loaded = use(pickerLoaders());
  const { scenarios, problems, unreadable } = useMemo(
    () => (runs ? loadRuns(loaded) : { ...loadAll(loaded, flags.content), unreadable: [] }),
    [loaded, flags.content, runs],
  );
  // The picker's own keys in the hint line and help (they showed the simulator's: space play, p predict...);
  // a message with nothing to pick offers only the global keys.
  useFocusGuards({ keyContext: problems.length > 0 || scenarios.length === 0 ? 'message' : 'scenario-picker' });
  if (problems.length > 0) {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold color={theme.color('bad')}>
          The scenarios could not be loaded:
        </Text>
        {problems.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
      </Box>
    );
  }
  if (runs && scenarios.length === 0) {
    return (
      <Box flexDirection="column" paddingX={1}>
        <Text bold color={theme.color('accent')}>
          {title}
        </Text>
        <Text wrap="wrap">No saved runs yet. In the simulator, act on a run (x), then press w to save it here.</Text>
        <Unreadable problems={unreadable} />
      </Box>
    );
  }
  const name = (s: Scenario) => (runs ? loaded.runs.savedRunName(s) : s.id);
  const idWidth = Math.max(...scenarios.map((s) => name(s).length), 4) + 2;
  // Saved runs may share an id (two saved from one title): they are told apart by file.
  const items = scenarios.map((s) => ({
    key: s.origin?.file ?? s.id,
    label: `${name(s).padEnd(idWidth)}${s.title ?? ''}${s.origin?.local && !runs ? ' (yours)' : ''}`,
    value: s.origin?.file ?? s.id,
  }));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        {title} {theme.symbols.separator} pick a scenario
      </Text>
      {unreadable.length > 0 ? <Unreadable problems={unreadable} /> : <Text> </Text>}
      <SelectMenu
        items={items}
        isFocused={!covered}
        limit={Math.max(3, area.rows - 4)}
        onSelect={(item) => {
          const scenario = scenarios.find((s) => (s.origin?.file ?? s.id) === item.value);
          if (scenario) onPick(scenario);
        }}
      />
    </Box>
  );
}
