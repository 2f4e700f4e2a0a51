import { describe, expect, it, vi } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { createSandboxStore } from '../../src/store/sandbox-store.js';
import { SPEC_LATE_WRITE } from '../core/helpers.js';

const lateWrite = () => loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');

function opened(refuse?: Parameters<typeof createSandboxStore>[0]['refuse']) {
  const sim = vi.fn(simulate);
  const store = createSandboxStore({ simulate: sim, refuse });
  store.getState().open(lateWrite());
  return { store, sim, s: () => store.getState() };
}

describe('sandbox store: acting on a run', () => {
  it('opens on the scenario with the engine result and no acts', () => {
    const { s } = opened();
    expect(s().result?.final.value).toBe('100');
    expect(s().acts()?.total).toBe(0);
    expect(s().revision).toBe(0);
  });

  it('adds a step at the tick, after the steps already there, and replays through the engine', () => {
    const { s, sim } = opened();
    expect(s().addStep(1, { actor: 'B', do: 'write', value: 'early', delay: 0 })).toBe(true);
    const at1 = s().steps.filter((x) => x.at === 1);
    expect(at1.map((x) => x.actor)).toEqual(['A', 'B']);
    expect(s().selected).toBe(s().steps.indexOf(at1[1]!));
    expect(sim).toHaveBeenCalledTimes(2);
    // B was never granted: it sends no token, and fencing rejects it.
    expect(s().result?.writes.find((w) => w.value === 'early')?.result).toBe('rejected');
    expect(s().lastAct).toBe('adding B\'s write of "early" at t=1');
    expect(s().acts()?.total).toBe(1);
  });

  it('deleting a step changes the outcome: without its pause A keeps the lease and B never writes', () => {
    const { s } = opened();
    const pause = s().steps.findIndex((x) => x.do === 'pause');
    expect(s().deleteStep(pause)).toBe(true);
    expect(s().result?.final.value).toBe('1');
    expect(s().result?.grants.map((g) => g.actor)).toEqual(['A']);
    expect(s().lastAct).toBe("deleting A's pause at t=2");
  });

  it('refuses a bad act with the rule in words and changes nothing', () => {
    const { s } = opened();
    const before = s().steps;
    expect(s().addStep(3, { actor: 'A', do: 'write', value: 'null', delay: 0 })).toBe(false);
    expect(s().refusal).toMatch(/"null"/);
    expect(s().steps).toBe(before);
    expect(s().revision).toBe(0);
    expect(s().addStep(3, { actor: 'A', do: 'failover' })).toBe(false);
    expect(s().refusal).toMatch(/only the coordinator/);
    expect(s().moveStep(0, -1)).toBe(false);
    expect(s().refusal).toMatch(/before t=0/);
    expect(s().setDelay(0, 3)).toBe(false);
    expect(s().refusal).toMatch(/only a write has a delay/);
    expect(s().deleteStep(99)).toBe(false);
    expect(s().undo()).toBe(false);
    expect(s().refusal).toBe('nothing to undo');
    // An accepted act clears the refusal.
    expect(s().addStep(3, { actor: 'A', do: 'resume' })).toBe(true);
    expect(s().refusal).toBeNull();
  });

  it('takes an extra rule (a challenge that allows only some kinds)', () => {
    const { s } = opened((step) => (step.do === 'failover' ? 'this challenge allows no failover' : null));
    expect(s().addStep(2, { actor: 'coordinator', do: 'failover' })).toBe(false);
    expect(s().refusal).toBe('this challenge allows no failover');
  });

  it('moves a step a tick earlier or later, the selection following it', () => {
    const { s } = opened();
    const i = s().steps.findIndex((x) => x.do === 'pause');
    expect(s().moveStep(i, 1)).toBe(true);
    const moved = s().steps[s().selected!]!;
    expect(moved).toMatchObject({ do: 'pause', at: 3 });
    // At tick 3 it comes first (it was listed before B's acquire).
    expect(
      s()
        .steps.filter((x) => x.at === 3)
        .map((x) => x.do),
    ).toEqual(['pause', 'acquire']);
    expect(s().lastAct).toBe("moving A's pause from t=2 to t=3");
    expect(s().acts()?.changed).toBe(1);
  });

  it('changes a write delay and a pause length', () => {
    const { s } = opened();
    const w = s().steps.findIndex((x) => x.do === 'write' && x.value === '100');
    expect(s().setDelay(w, 20)).toBe(true);
    expect(s().lastAct).toBe('changing B\'s write of "100" at t=14 to B\'s write of "100" (20 ticks in flight)');
    expect(s().result?.writes.find((x) => x.value === '100')?.arrivedAt).toBe(34);
    const p = s().steps.findIndex((x) => x.do === 'pause');
    expect(s().setDelay(p, 5)).toBe(true);
    expect(s().steps[p]).toMatchObject({ do: 'pause', for: 5 });
    expect(s().setDelay(p, 0)).toBe(true);
    expect(s().steps[p]).not.toHaveProperty('for');
  });

  it('undoes and redoes acts and settings; a new act clears redo', () => {
    const { s } = opened();
    const start = s().steps;
    s().addStep(5, { actor: 'B', do: 'release' });
    s().setOverrides({ fencing: false }, 'fencing off');
    expect(s().result?.config.fencing).toBe(false);
    expect(s().acts()?.total).toBe(2);
    expect(s().undo()).toBe(true);
    expect(s().lastAct).toBe('undoing fencing off');
    expect(s().overrides).toEqual({});
    expect(s().undo()).toBe(true);
    expect(s().steps).toEqual(start);
    expect(s().result?.final.value).toBe('100');
    expect(s().redo()).toBe(true);
    expect(s().lastAct).toBe("redoing adding B's release at t=5");
    expect(s().steps).toHaveLength(start.length + 1);
    s().addStep(6, { actor: 'B', do: 'resume' });
    expect(s().future).toEqual([]);
    expect(s().redo()).toBe(false);
  });

  it('counts acts from the settings it was opened with', () => {
    const store = createSandboxStore({ simulate });
    store.getState().open(lateWrite(), { fencing: false });
    expect(store.getState().acts()?.total).toBe(0);
    store.getState().setOverrides({ fencing: true });
    expect(store.getState().acts()?.settings).toEqual(['fencing']);
  });

  it('refuses deleting the last step and a TTL under 2', () => {
    const store = createSandboxStore({ simulate });
    store.getState().open(loadScenarioText('id: one\nsteps:\n  - { at: 0, actor: A, do: acquire }\n', 'one.yaml'));
    expect(store.getState().deleteStep(0)).toBe(false);
    expect(store.getState().refusal).toMatch(/at least one step/);
    expect(store.getState().setOverrides({ ttl: 1 })).toBe(false);
  });

  it('saves as a file the loader accepts and the engine replays identically', () => {
    const { s } = opened();
    s().addStep(20, { actor: 'A', do: 'resume' });
    s().setOverrides({ fencing: false });
    const text = s().toScenarioFile('  Fencing off, A early ');
    const saved = loadScenarioText(text, 'saved.yaml');
    expect(saved.id).toBe('fencing-off-a-early');
    expect(saved.title).toBe('Fencing off, A early');
    const { scenario: _a, ...fromFile } = simulate(saved);
    const { scenario: _b, ...inApp } = s().result!;
    expect(fromFile).toEqual(inApp);
  });
});
