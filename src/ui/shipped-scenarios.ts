/**
 * A shipped scenario by id, for a screen: from the build's snapshot when it
 * matches the files (built-content.ts), else from the scenario loader, which
 * brings the YAML parser and is imported only then (issue 18: the quiz's
 * first frame and memory). The hook suspends the screen (the app's
 * "Loading...", keys kept) while the loader is imported; call it where the
 * screen first renders, so no later render waits.
 */
import { use, useCallback } from 'react';
import { builtContentCurrent, builtScenario } from '../content/shared/built-content.js';
import type { Scenario } from '../core/types.js';

type ScenarioLoader = typeof import('../content/scenario/scenario-loader.js');

let loader: Promise<ScenarioLoader> | undefined;

function scenarioLoader(): Promise<ScenarioLoader> {
  loader ??= import('../content/scenario/scenario-loader.js');
  return loader;
}

/** Looks a shipped scenario up by id; a copy each time, as the loader gives (the caller may change it). */
export function useShippedScenarioLookup(): (id: string) => Scenario | undefined {
  // Whether the snapshot serves is known cheaply (the command has asked already); the
  // snapshot itself is parsed on the first lookup, when a predict question shows.
  const current = builtContentCurrent();
  const real = current ? undefined : use(scenarioLoader());
  return useCallback(
    (id: string) => {
      if (!current) return real?.findShippedScenario(id);
      return builtScenario(id);
    },
    [current, real],
  );
}
