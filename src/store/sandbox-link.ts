/**
 * The simulator screen and its sandbox kept as one run: an act (or undo,
 * redo) in the sandbox replays in the simulator, narrated; a toggle or TTL
 * change in the simulator is recorded in the sandbox as an act, so undo
 * takes it back and a saved run keeps it. Each side is told only of
 * changes it did not make, so nothing replays twice.
 */
import type { ConfigOverrides } from '../core/types.js';
import type { SandboxStore } from './sandbox-store.js';
import type { SimulatorStore } from './simulator-store.js';

const same = (a: ConfigOverrides, b: ConfigOverrides) => a.fencing === b.fencing && a.minting === b.minting && a.check === b.check && a.ttl === b.ttl;

/** "fencing off", "lease 4 ticks": what a settings change did, for undo's words. */
function settingsWords(before: ConfigOverrides, after: ConfigOverrides): string {
  const parts: string[] = [];
  if (before.fencing !== after.fencing && after.fencing !== undefined) parts.push(`fencing ${after.fencing ? 'on' : 'off'}`);
  if (before.minting !== after.minting && after.minting) parts.push(`minting ${after.minting}`);
  if (before.check !== after.check && after.check) parts.push(`check ${after.check}`);
  if (before.ttl !== after.ttl && after.ttl !== undefined) parts.push(`lease ${after.ttl} ticks`);
  return parts.join(', ') || 'changing the settings';
}

/** Links the two stores (both opened on the same scenario); returns the unlink. */
export function linkSandbox(sim: SimulatorStore, sandbox: SandboxStore): () => void {
  let replaying = false;
  let shownSteps = sandbox.getState().steps;
  const fromSim = sim.subscribe((now, before) => {
    if (replaying || now.overrides === before.overrides || !now.result) return;
    sandbox.getState().setOverrides(now.overrides, settingsWords(before.overrides, now.overrides));
  });
  const fromSandbox = sandbox.subscribe((now, before) => {
    if (now.revision === before.revision) return;
    const stepsShown = now.steps === shownSteps;
    shownSteps = now.steps;
    if (stepsShown && same(now.overrides, sim.getState().overrides)) return;
    const scenario = now.scenario();
    if (!scenario) return;
    replaying = true;
    try {
      sim.getState().replaceRun(scenario, now.overrides, now.lastAct ?? 'your act');
    } finally {
      replaying = false;
    }
  });
  return () => {
    fromSim();
    fromSandbox();
  };
}
