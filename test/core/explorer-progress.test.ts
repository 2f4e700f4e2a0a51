/**
 * The explorer's hooks for a long count (issue 16: the app counts in a
 * worker, shows progress, and cancels): progress that only grows, on a
 * small count and on one past 2^53, and a cancel that stops it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { explore } from '../../src/core/explorer.js';
import { ExplorationCancelled as ExploreCancelled } from '../../src/core/explorer-hooks.js';
import { DEFAULT_CONFIG, type Scenario, type Step } from '../../src/core/types.js';

const twelve = () => loadScenarioText(readFileSync(new URL('../fixtures/scenarios/twelve-writes.yaml', import.meta.url), 'utf8'), 'twelve-writes.yaml');

/** Past 2^53 orderings: counts of several limbs. */
function beyondDoubles(): Scenario {
  const steps: Step[] = [];
  for (const a of ['A', 'B', 'C']) for (let i = 0; i < 20; i++) steps.push({ at: i, actor: a, do: 'write', value: `${a}${i}`, delay: 0 });
  return { id: 'many', config: { ...DEFAULT_CONFIG, fencing: false }, steps };
}

describe('explore options', () => {
  it('reports the states visited every progressEvery states, growing, and the same answer as without hooks', () => {
    const seen: number[] = [];
    const r = explore(twelve(), {}, { onProgress: (p) => seen.push(p.statesVisited), progressEvery: 100 });
    expect(seen.length).toBeGreaterThan(5);
    expect(seen[0]).toBe(100);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    expect(r).toEqual(explore(twelve()));
  });

  it('reports progress on a count past 2^53 too', () => {
    const seen: number[] = [];
    explore(beyondDoubles(), {}, { onProgress: (p) => seen.push(p.statesVisited), progressEvery: 50 });
    expect(seen.length).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });

  it('shouldCancel stops the count with ExploreCancelled at the next progress point', () => {
    let asked = 0;
    const run = () =>
      explore(
        twelve(),
        {},
        {
          progressEvery: 100,
          shouldCancel: () => {
            asked += 1;
            return asked >= 3;
          },
        },
      );
    expect(run).toThrow(ExploreCancelled);
    expect(asked).toBe(3);
  });
});
