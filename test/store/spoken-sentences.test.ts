/**
 * --narrate's sentences against the simulator store (issue 33): `f` while
 * paused at t=2 keeps the cursor at 2, so it says where it is and repeats
 * nothing (it said "Replaying from the start." and read t=0..2 again); a
 * change that does replay from 0 still says so and reads the new run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { narrateEvents } from '../../src/core/narration.js';
import { NOTHING_SPOKEN, nextSentences, type SpokenState } from '../../src/store/spoken-sentences.js';
import { createSimulatorStore, endTick, type SimulatorStore } from '../../src/store/simulator-store.js';

const lateWrite = () => loadScenarioFile(join(import.meta.dirname, '../../scenarios/late-write.yaml'), false);

/** Listens to the store as the screen does: one run key per result, every sentence added to `said`. */
function listen(store: SimulatorStore) {
  const said: string[] = [];
  let st: SpokenState = NOTHING_SPOKEN;
  let runs = 0;
  let lastResult: unknown = null;
  const hear = () => {
    const s = store.getState();
    if (!s.result) return;
    if (s.result !== lastResult) {
      lastResult = s.result;
      runs++;
    }
    const out = nextSentences(st, { events: narrateEvents(s.result), cursor: s.cursor, runKey: String(runs), intro: 'Simulator.', change: s.change });
    st = out.state;
    said.push(...out.add);
  };
  store.subscribe(hear);
  return { said, hear };
}

describe('--narrate sentences through the simulator store', () => {
  it('f while paused at t=2: "Now at t=2.", and no sentence of t=0..2 twice', () => {
    const store = createSimulatorStore({ simulate, explore });
    const { said, hear } = listen(store);
    store.getState().open(lateWrite());
    hear();
    while (store.getState().cursor < 2) store.getState().stepForward();
    expect(store.getState().cursor).toBe(2);
    const before = said.length;
    const upToTwo = said.filter((s) => /^t=[0-2]:/.test(s));
    expect(upToTwo.length).toBeGreaterThan(0);
    store.getState().toggle('fencing');
    expect(store.getState().playing).toBe(false);
    expect(store.getState().cursor).toBe(2);
    const added = said.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^Changed by fencing off.*\. Now at t=2\.$/);
    expect(said.join('\n')).not.toContain('Replaying from the start');
    // Every sentence at most once, on to the end of the new run.
    while (store.getState().cursor < endTick(store.getState().result)) store.getState().stepForward();
    const events = said.filter((s) => /^t=\d+:/.test(s));
    expect(new Set(events).size).toBe(events.length);
    expect(said.some((s) => /^t=(?:[3-9]|\d\d+):/.test(s))).toBe(true);
  });

  it('a change that replays from t=0 says so and reads the new run from its start', () => {
    const store = createSimulatorStore({ simulate, explore });
    const { said } = listen(store);
    store.getState().open(lateWrite());
    store.getState().togglePlay();
    store.getState().toggle('fencing');
    expect(store.getState().cursor).toBe(0);
    const change = said.findIndex((s) => s.startsWith('Changed by fencing off'));
    expect(said[change]).toMatch(/\. Replaying from the start\.$/);
    // The new run's t=0 is read after it, as the replay reaches it.
    expect(said.slice(change + 1)).toEqual([expect.stringMatching(/^t=0: /)]);
  });

  it('stepping back says where the cursor went, and the sentences after it come again as reached', () => {
    let st: SpokenState = NOTHING_SPOKEN;
    const events = [
      { t: 0, text: 't=0: a.' },
      { t: 3, text: 't=3: b.' },
    ];
    const step = (cursor: number) => {
      const out = nextSentences(st, { events, cursor, runKey: '1', intro: 'Hi.', change: null });
      st = out.state;
      return out.add;
    };
    expect(step(0)).toEqual(['Hi.', 't=0: a.']);
    expect(step(3)).toEqual(['t=3: b.']);
    expect(step(1)).toEqual(['Back at t=1.']);
    expect(step(3)).toEqual(['t=3: b.']);
  });
});
