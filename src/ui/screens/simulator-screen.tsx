/**
 * Routes `simulator` and `explore`. With a scenario in the route (an object
 * from `fence-tutor sim --scenario/--scenario-file`, or a shipped id) it
 * opens it at once; without one it shows the picker first.
 */
import { Text } from 'ink';
import { useMemo } from 'react';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import { ENGINE } from '../../store/engine-calls.js';
import type { SimulatorRoute } from '../../store/routes.js';
import { useAppContext } from '../app-context.js';
import { ScenarioPicker } from '../simulator/scenario-picker.js';
import { useShippedScenarioLookup } from '../shipped-scenarios.js';
import { SimulatorView } from '../simulator/simulator-view.js';

function scenarioOf(route: SimulatorRoute, findShippedScenario: (id: string) => Scenario | undefined): Scenario | string | undefined {
  const s = route.scenario;
  return typeof s === 'string' ? (findShippedScenario(s) ?? s) : s;
}

/**
 * Explore from Home opens on the split check: with the block's own atomic
 * check most scenarios have nothing to replay (no ordering goes wrong), and
 * a first look at the explorer should show it finding something.
 */
const EXPLORE_FIRST: ConfigOverrides = { check: 'split' };

export function SimulatorScreen({ route }: { route: SimulatorRoute }) {
  const { router } = useAppContext();
  const explore = route.screen === 'explore' || route.explore === true;
  const findShippedScenario = useShippedScenarioLookup();
  const scenario = useMemo(() => scenarioOf(route, findShippedScenario), [route, findShippedScenario]);
  const overrides = route.overrides ?? {};
  if (typeof scenario === 'string') {
    return <Text> There is no shipped scenario called "{scenario}". Press q to go back.</Text>;
  }
  if (!scenario) {
    return (
      <ScenarioPicker
        title={route.runs === true ? 'Your runs' : explore ? 'Explore' : 'Simulator'}
        runs={route.runs === true}
        onPick={(picked) =>
          router.getState().replace({ screen: 'simulator', scenario: picked, overrides: explore && !route.overrides ? EXPLORE_FIRST : overrides, explore })
        }
      />
    );
  }
  // A new key per scenario gives each its own fresh store.
  return <SimulatorView key={scenario.origin?.file ?? scenario.id} scenario={scenario} overrides={overrides} engine={ENGINE} explore={explore} />;
}
