/** The shipped scenarios (and an instructor's, with --content), to open one. */
import { join } from 'node:path';
import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { screenCovered } from '../../store/router-store.js';
import { ContentError, formatProblem } from '../../content/shared/problems.js';
import { listShippedScenarios, loadScenarioDir } from '../../content/scenario/scenario-loader.js';
import type { Scenario } from '../../core/types.js';
import { useAppContext } from '../app-context.js';
import { errorMessage } from '../../platform/error-message.js';

function loadAll(contentDir: unknown): { scenarios: Scenario[]; problems: string[] } {
  try {
    const shipped = listShippedScenarios();
    const local = typeof contentDir === 'string' ? loadScenarioDir(join(contentDir, 'scenarios'), true) : [];
    // An instructor's scenario with a shipped id replaces the shipped one.
    const ids = new Set(local.map((s) => s.id));
    return { scenarios: [...local, ...shipped.filter((s) => !ids.has(s.id))], problems: [] };
  } catch (err) {
    if (err instanceof ContentError) return { scenarios: [], problems: err.problems.map(formatProblem) };
    return { scenarios: [], problems: [errorMessage(err)] };
  }
}

function Indicator({ isSelected = false }: { isSelected?: boolean }) {
  const { theme } = useAppContext();
  return (
    <Box marginRight={1}>
      <Text color={theme.color('selected')}>{isSelected ? theme.symbols.pointer : ' '}</Text>
    </Box>
  );
}

function Item({ isSelected = false, label }: { isSelected?: boolean; label: string }) {
  const { theme } = useAppContext();
  return (
    <Text color={isSelected ? theme.color('selected') : undefined} bold={isSelected}>
      {label}
    </Text>
  );
}

export function ScenarioPicker({ title, onPick }: { title: string; onPick: (scenario: Scenario) => void }) {
  const { router, theme, flags, area } = useAppContext();
  const covered = useStore(router, screenCovered);
  const { scenarios, problems } = useMemo(() => loadAll(flags.content), [flags.content]);
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
  const idWidth = Math.max(...scenarios.map((s) => s.id.length), 4) + 2;
  const items = scenarios.map((s) => ({
    key: s.id,
    label: `${s.id.padEnd(idWidth)}${s.title ?? ''}${s.origin?.local ? ' (yours)' : ''}`,
    value: s.id,
  }));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold color={theme.color('accent')}>
        {title} {theme.symbols.separator} pick a scenario
      </Text>
      <Text> </Text>
      <SelectInput
        items={items}
        isFocused={!covered}
        indicatorComponent={Indicator}
        itemComponent={Item}
        limit={Math.max(3, area.rows - 4)}
        onSelect={(item) => {
          const scenario = scenarios.find((s) => s.id === item.value);
          if (scenario) onPick(scenario);
        }}
      />
    </Box>
  );
}
