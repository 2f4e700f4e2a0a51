import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { type ActMenu, backActMenu, chooseActMenu, type MenuOutcome, moveActMenu, openActMenu, suggestedValue, typeActMenu } from '../../src/store/act-menu.js';
import { linkSandbox } from '../../src/store/sandbox-link.js';
import { createSandboxStore } from '../../src/store/sandbox-store.js';
import { createSimulatorStore } from '../../src/store/simulator-store.js';
import { SPEC_LATE_WRITE } from '../core/helpers.js';

const spec = () => loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml');
const menuOf = (o: MenuOutcome): ActMenu => {
  if (!('menu' in o)) throw new Error('expected the menu to stay open');
  return o.menu;
};

describe('act menu', () => {
  const steps = spec().steps;

  it('offers the workers, a new one, the coordinator and the sink', () => {
    const menu = openActMenu(7, steps);
    expect(menu.phase === 'who' && menu.options.map((o) => o.label)).toEqual(['A', 'B', 'C (a new worker)', 'the coordinator', 'the sink']);
  });

  it('builds a pause for N ticks: who, what, then the number typed', () => {
    let menu = menuOf(chooseActMenu(openActMenu(7, steps), steps, 'durable'));
    expect(menu.phase === 'what' && menu.options.map((o) => o.label)).toHaveLength(7);
    menu = menuOf(chooseActMenu(menu, steps, 'durable', 4));
    expect(menu).toMatchObject({ phase: 'type', field: 'for', text: '5' });
    menu = typeActMenu(typeActMenu(menu, '1'), 'x');
    menu = typeActMenu(menu, '2');
    expect(menu).toMatchObject({ text: '12' });
    expect(chooseActMenu(menu, steps, 'durable')).toEqual({ add: { tick: 7, draft: { actor: 'A', do: 'pause', for: 12 } } });
  });

  it('builds a write with the suggested value and a delay, and goes back a phase on esc', () => {
    expect(suggestedValue(steps)).toBe('101');
    let menu = moveActMenu(openActMenu(3, steps), 1);
    menu = menuOf(chooseActMenu(menu, steps, 'durable'));
    menu = menuOf(chooseActMenu(menu, steps, 'durable', 6));
    expect(menu).toMatchObject({ field: 'value', text: '101' });
    menu = menuOf(chooseActMenu(menu, steps, 'durable'));
    expect(menu).toMatchObject({ field: 'delay', text: '0' });
    menu = typeActMenu(menu, '3');
    expect(chooseActMenu(menu, steps, 'durable')).toEqual({ add: { tick: 3, draft: { actor: 'B', do: 'write', value: '101', delay: 3 } } });
    expect(backActMenu(menu)?.phase).toBe('type');
    expect(backActMenu(openActMenu(0, steps))).toBeNull();
  });

  it('says which failover the minting setting makes, and offers both sink restarts', () => {
    const who = openActMenu(0, steps);
    const coordinator = menuOf(chooseActMenu(who, steps, 'volatile', 3));
    expect(coordinator.phase === 'what' && coordinator.options[0]?.label).toMatch(/volatile/);
    const sink = menuOf(chooseActMenu(who, steps, 'durable', 4));
    expect(sink.phase === 'what' && sink.options.map((o) => o.draft)).toEqual([
      { actor: 'sink', do: 'sink-restart', durable: true },
      { actor: 'sink', do: 'sink-restart', durable: false },
    ]);
  });
});

describe('linkSandbox: the simulator and its sandbox as one run', () => {
  function linked() {
    const sim = createSimulatorStore({
      simulate,
      explore: () => {
        throw new Error('unused');
      },
    });
    const sandbox = createSandboxStore({ simulate });
    sim.getState().open(spec());
    sandbox.getState().open(spec());
    linkSandbox(sim, sandbox);
    return { sim: () => sim.getState(), box: () => sandbox.getState() };
  }

  it('an act replays in the simulator from the start, narrated', () => {
    const { sim, box } = linked();
    box().deleteStep(box().steps.findIndex((s) => s.do === 'pause'));
    expect(sim().result?.final.value).toBe('1');
    expect(sim().cursor).toBe(0);
    expect(sim().change).toBe(`deleting A's pause at t=2: the sink ends at "1" instead of "100".`);
  });

  it('a toggle in the simulator is an act in the sandbox; undo takes it back in both', () => {
    const { sim, box } = linked();
    sim().toggle('fencing');
    expect(box().overrides).toEqual({ fencing: false });
    expect(box().acts()?.total).toBe(1);
    expect(box().lastAct).toBe('fencing off');
    box().undo();
    expect(sim().overrides).toEqual({});
    expect(sim().result?.config.fencing).toBe(true);
    expect(sim().change).toMatch(/^undoing fencing off/);
  });
});
