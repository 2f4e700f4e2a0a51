// The Ink app: each screen's first frame in a pseudo-terminal against `node
// -e 0` started the same way (home; the simulator opened by `sim`; lesson 4
// in the reader; the quiz's first question; the Lab screen opened by `lab`),
// every screen's idle peak memory (those, and Progress and Help reached from
// home by their keys), and how long one frame of the simulator's timeline
// takes to render to a string at 100x30 (a frame must fit well inside Ink's
// 33 ms at 30 fps). Issue 18: first frames <= 3.0x, no screen above 84 MB.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { benchEnv, bin, hasGnuTime, hasScript, MIN_PAIRS, median, node, paired, peakRssKb, ptyRun, ratio, root, tempHome } from './lib.mjs';

const COLS = 100;
const ROWS = 30;

export async function bench({ runs }) {
  const home = tempHome();
  const env = benchEnv(home);
  const rows = [];
  try {
    rows.push(...(await firstFrames(runs, env)));
    rows.push(...(await frameRender(runs)));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return rows;
}

async function firstFrames(runs, env) {
  if (!hasScript()) {
    return [{ metric: 'app first frame in a pty', value: Number.NaN, unit: 'ms', note: 'not measured (no `script` command)' }];
  }
  // The frame that counts is the screen itself, not a "Loading..." placeholder.
  const subjects = {
    home: { argv: [node, bin], until: /Continue/ },
    sim: { argv: [node, bin, 'sim', '--scenario', 'late-write'], until: /fencing ON/ },
    lesson: { argv: [node, bin, 'lesson', '4'], until: /Where the token lives in real systems/ },
    quiz: { argv: [node, bin, 'quiz', '--mode', 'practice', '--count', '3', '--seed', '1'], until: /1-9 choose/ },
    // `lab` on a terminal opens the Lab screen, then starts its run (ended with the session, as Ctrl-C would).
    lab: { argv: [node, bin, 'lab'], until: /Real processes/ },
  };
  // Reached from home by their keys: memory only (their first frame is home's).
  const fromHome = {
    progress: { keys: '9', shows: /Lessons done: \d+ of \d+/ },
    // Help has no digit on Home: down to it (the eleventh entry), then enter.
    help: { keys: `${'\u001b[B'.repeat(10)}\r`, shows: /Letters are commands/ },
  };
  const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  // Each first frame's partner: the `node -e 0` run just before it; the ratio is the median of the pairs.
  // On this shared machine a bare node start moves between about 65 and 110 ms from one second
  // to the next; a pair sees the same moment, where one baseline per round set five screens
  // against one draw of it (docs/performance.md, "How the first frames and the commands are compared").
  const partners = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  const hwm = Object.fromEntries([...Object.keys(subjects), ...Object.keys(fromHome)].map((k) => [k, []]));
  // Interleaved run by run, after one warm-up round, so drift hits all alike.
  for (let i = 0; i <= Math.max(runs, MIN_PAIRS); i++) {
    for (const [name, { argv, until }] of Object.entries(subjects)) {
      const b = await ptyRun([node, '-e', '0'], { env, cols: COLS, rows: ROWS });
      const r = await ptyRun(argv, { env, cols: COLS, rows: ROWS, until, holdMs: 500, timeoutMs: 20_000 });
      if (i === 0) continue;
      if (r.firstFrameMs !== null) {
        times[name].push(r.firstFrameMs);
        partners[name].push(b.exitMs);
      }
      if (r.peakRssKb !== null) hwm[name].push(r.peakRssKb);
    }
    for (const [name, { keys, shows }] of Object.entries(fromHome)) {
      const r = await ptyRun([node, bin], { env, cols: COLS, rows: ROWS, until: subjects.home.until, keys, shows, holdMs: 500, timeoutMs: 20_000 });
      if (i > 0 && r.peakRssKb !== null) hwm[name].push(r.peakRssKb);
    }
  }
  const rows = [];
  const label = {
    home: 'home screen',
    sim: 'simulator (`sim --scenario late-write`)',
    lesson: 'reader (`lesson 4`)',
    quiz: "quiz's first question (`quiz --count 3`)",
    lab: 'Lab screen (`lab`)',
    progress: 'Progress (home, 9)',
    help: 'Help (home, down to it)',
  };
  for (const name of Object.keys(subjects)) {
    // The row's own partners: a screen that follows a slow moment is set against that moment.
    const { ms, baseline, ratio: pairRatio, pairs } = paired(times[name], partners[name]);
    rows.push({
      metric: `first frame: ${label[name]}, ${COLS}x${ROWS} pty`,
      value: ms,
      unit: 'ms',
      baseline,
      ratio: pairRatio,
      goal: '<= 3.0x',
      note: `baseline: node -e 0, start to exit, same pty (script), run just before each (their median); ratio: median of ${pairs} such pairs`,
    });
  }
  if (hasGnuTime()) {
    const baseRss = [];
    for (let i = 0; i < runs; i++) baseRss.push(peakRssKb([node, '-e', '0'], { env }));
    const baseMb = median(baseRss) / 1024;
    for (const name of Object.keys(hwm)) {
      // A screen never reached (its key or its text changed) says so, where it used to drop its row unseen.
      if (hwm[name].length === 0) {
        rows.push({ metric: `peak RSS: ${label[name]}`, value: Number.NaN, unit: 'MB', goal: '<= 84 MB', note: 'not measured: the screen was never reached' });
        continue;
      }
      const mb = median(hwm[name]) / 1024;
      rows.push({
        metric: `peak RSS: ${label[name]}, 0.5 s after ${name in fromHome ? 'it shows' : 'first frame'}`,
        value: mb,
        unit: 'MB',
        baseline: baseMb,
        ratio: ratio(mb, baseMb),
        goal: '<= 84 MB',
        note: 'app: VmHWM from /proc; baseline: node -e 0 by GNU time',
      });
    }
  }
  return rows;
}

// One frame of the timeline, two ways: the core's text renderer alone, and
// the Ink component tree of the simulator's timeline rendered to a string.
const FRAME_ENTRY = `
import { createElement } from 'react';
import { renderToString } from 'ink';
import { findShippedScenario } from './src/content/scenario/scenario-loader.ts';
import { simulate } from './src/core/engine.ts';
import { renderTimelineCells, timelineFromSim } from './src/core/timeline/index.ts';
import { makeTheme } from './src/ui/theme.ts';
import { TimelineView } from './src/ui/simulator/timeline-view.tsx';
export function setup(id, columns) {
  const scenario = findShippedScenario(id);
  const result = simulate(scenario, {});
  const model = timelineFromSim(result, scenario);
  const theme = makeTheme({ ascii: false, color: true, reducedMotion: false, narrate: false });
  return {
    end: result.endTick,
    core: (cursor) => renderTimelineCells(model, { width: columns - 2, cursor }).lines.join('\\n'),
    ink: (cursor) =>
      renderToString(createElement(TimelineView, { model, width: columns - 2, cursor, theme, maxRows: 30 }), { columns }),
  };
}
`;

export async function frameRender(runs) {
  // Inside the package, so the bundle finds the shipped scenarios (package-root.ts).
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-frame-'));
  try {
    const out = join(dir, 'frame.mjs');
    await build({
      stdin: { contents: FRAME_ENTRY, resolveDir: root, loader: 'tsx' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      jsx: 'automatic',
      alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'error',
    });
    const { setup } = await import(pathToFileURL(out).href);
    const rows = [];
    for (const id of ['late-write', 'book-timeline']) {
      const f = setup(id, COLS);
      for (const [kind, render] of [
        ['core text renderer', f.core],
        ['Ink timeline component, renderToString', f.ink],
      ]) {
        // Warm up, then time every cursor position of the run, `runs` times over.
        for (let t = 0; t <= f.end; t++) render(t);
        const perFrame = [];
        for (let r = 0; r < runs; r++) {
          for (let t = 0; t <= f.end; t++) {
            const t0 = performance.now();
            render(t);
            perFrame.push(performance.now() - t0);
          }
        }
        rows.push({
          metric: `timeline frame at ${COLS}x${ROWS}: ${id}, ${kind}`,
          value: median(perFrame),
          unit: 'ms',
          goal: '< 5 ms',
          note: `median over ${perFrame.length} frames (every tick of the run)`,
        });
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
