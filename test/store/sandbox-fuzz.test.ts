/**
 * Bad acts never crash or corrupt a run (issue 20): thousands of random acts,
 * many of them wrong on purpose, and after each the run is still in run
 * order, every step passes the format's rules, the result is the engine's
 * replay of exactly those steps, and the file it saves loads and replays the same.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { mulberry32 } from '../../src/core/quiz/rng.js';
import { inRunOrder, refuseStep } from '../../src/core/sandbox/step-rules.js';
import { createSandboxStore, DEFAULT_STEP_LIMITS, type StepDraft } from '../../src/store/sandbox-store.js';
import { SPEC_LATE_WRITE } from '../core/helpers.js';

const ACTORS = ['A', 'B', 'C', 'coordinator', 'sink', '', '1x', 'A-2'];
const VALUES = ['1', '', 'null', 'x\u001b[31m', 'a\nb', 'é', '"q"'];
const NUMBERS = [0, 1, 2, 5, -1, 1.5, Number.NaN, 1e9, 10000];

function draft(pick: <T>(xs: readonly T[]) => T): StepDraft {
  const actor = pick(ACTORS);
  switch (pick(['acquire', 'release', 'pause', 'resume', 'write', 'failover', 'sink-restart'] as const)) {
    case 'acquire':
      return { actor, do: 'acquire', wait: pick([true, false]) };
    case 'release':
      return { actor, do: 'release' };
    case 'pause':
      return pick([true, false]) ? { actor, do: 'pause', for: pick(NUMBERS) } : { actor, do: 'pause' };
    case 'resume':
      return { actor, do: 'resume' };
    case 'write':
      return { actor, do: 'write', value: pick(VALUES), delay: pick(NUMBERS) };
    case 'failover':
      return { actor: pick(['coordinator', 'A']), do: 'failover' };
    case 'sink-restart':
      return { actor: pick(['sink', 'B']), do: 'sink-restart', durable: pick([true, false]) };
  }
}

describe('sandbox store under random acts', () => {
  it.each([1, 2])('stays valid and replays (seed %i)', (seed) => {
    const random = mulberry32(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const store = createSandboxStore({ simulate });
    store.getState().open(loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml'));
    for (let n = 0; n < 250; n++) {
      const s = store.getState();
      const index = pick([0, 1, s.steps.length - 1, s.steps.length, -1, 2.5]);
      const act = pick(['add', 'add', 'delete', 'move', 'delay', 'undo', 'redo', 'settings', 'replace'] as const);
      if (act === 'add') s.addStep(pick(NUMBERS), draft(pick));
      if (act === 'delete') s.deleteStep(index);
      if (act === 'move') s.moveStep(index, pick([-1, 1] as const));
      if (act === 'delay') s.setDelay(index, pick(NUMBERS));
      if (act === 'undo') s.undo();
      if (act === 'redo') s.redo();
      if (act === 'settings') s.setOverrides({ fencing: pick([true, false]), ttl: pick(NUMBERS), check: pick(['atomic', 'split'] as const) });
      if (act === 'replace') s.replaceStep(index, { ...draft(pick), at: pick(NUMBERS) } as never);

      const after = store.getState();
      expect(after.steps.length).toBeGreaterThan(0);
      expect(after.steps).toEqual(inRunOrder(after.steps));
      after.steps.forEach((step, i) => {
        expect(
          refuseStep(
            step,
            after.steps.filter((_, j) => j !== i),
            DEFAULT_STEP_LIMITS,
          ),
        ).toBeNull();
      });
      expect(after.result).toEqual(simulate(after.scenario()!, after.overrides));
      if (n % 50 === 49) {
        const saved = loadScenarioText(after.toScenarioFile(`run ${n}`), 'fuzz.yaml');
        const { scenario: _a, ...fromFile } = simulate(saved);
        const { scenario: _b, ...inApp } = after.result!;
        expect(fromFile).toEqual(inApp);
      }
    }
    expect(store.getState().revision).toBeGreaterThan(20);
  });
});
