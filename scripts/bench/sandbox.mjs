// Acting on a run (issue 20): from an act to its replayed frame, in process,
// for every shipped scenario. One act is what a key in the act menu or the
// steps list does: the sandbox store validates the step and replays the run
// through the engine, the link hands it to the simulator store (which
// replays and narrates it), and the first frame of the timeline is drawn at
// 80 columns. Baseline, measured the same way beside it: the frame alone
// (timelineFromSim + renderTimeline), which every tick of playback pays anyway.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleSources, median, ratio, root } from './lib.mjs';

export async function bench({ runs }) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-sandbox-'));
  try {
    const m = await bundleSources(dir, {
      'src/core/engine.ts': ['simulate'],
      'src/core/explorer.ts': ['explore'],
      'src/core/timeline/index.ts': ['timelineFromSim', 'renderTimeline'],
      'src/content/scenario/scenario-loader.ts': ['listShippedScenarios'],
      'src/store/sandbox-store.ts': ['createSandboxStore'],
      'src/store/simulator-store.ts': ['createSimulatorStore'],
      'src/store/sandbox-link.ts': ['linkSandbox'],
    });
    return measure(m, Math.max(runs, 5) * 4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function frame(m, result, scenario) {
  return m.renderTimeline(m.timelineFromSim(result, scenario), { width: 79, cursor: 0 });
}

function measure(m, samples) {
  const rows = [];
  let worst = { ms: 0, id: '' };
  let worstBase = 0;
  for (const scenario of m.listShippedScenarios()) {
    const sim = m.createSimulatorStore({ simulate: m.simulate, explore: m.explore });
    const box = m.createSandboxStore({ simulate: m.simulate });
    sim.getState().open(scenario);
    box.getState().open(scenario);
    m.linkSandbox(sim, box);
    const actor = box.getState().steps.find((s) => s.actor !== 'coordinator' && s.actor !== 'sink')?.actor ?? 'A';
    const mid = Math.floor((sim.getState().result?.endTick ?? 10) / 2);
    const acts = [];
    const frames = [];
    for (let i = 0; i < samples + 3; i++) {
      // Alternately add a pause and undo it: each is one act and one replay.
      const t0 = performance.now();
      const done = i % 2 === 0 ? box.getState().addStep(mid, { actor, do: 'pause', for: 3 }) : box.getState().undo();
      const s = sim.getState();
      frame(m, s.result, s.scenario);
      const t1 = performance.now();
      frame(m, s.result, s.scenario);
      const t2 = performance.now();
      if (!done) throw new Error(`${scenario.id}: the act was refused (${box.getState().refusal})`);
      if (i >= 3) {
        acts.push(t1 - t0);
        frames.push(t2 - t1);
      }
    }
    const act = median(acts);
    const base = median(frames);
    if (act > worst.ms) worst = { ms: act, id: scenario.id };
    worstBase = Math.max(worstBase, base);
    rows.push({ metric: `act to replayed frame, ${scenario.id}`, value: act, unit: 'ms', baseline: base, ratio: ratio(act, base), goal: '< 50 ms' });
  }
  rows.unshift({
    metric: 'act to replayed frame, slowest shipped scenario (in process)',
    value: worst.ms,
    unit: 'ms',
    baseline: worstBase,
    ratio: ratio(worst.ms, worstBase),
    goal: '< 50 ms',
    note: `${worst.id}; baseline: the frame alone; validate + two engine runs + narration + frame at 80 columns`,
  });
  return rows;
}
