// Start-up of the shipped bundle against `node -e 0`, side by side:
// the app's first frame in a pseudo-terminal, its peak memory, and whole
// processes that need no terminal (`--version`, `sim --json`).
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, bin, hasGnuTime, hasScript, compareProcesses, comparedRow, median, node, peakRssKb, ptyRun, ratio, tempHome } from './lib.mjs';

const COLS = 100;
const ROWS = 30;

export async function bench({ runs }) {
  const home = tempHome();
  const env = benchEnv(home);
  const rows = [];
  try {
    // scripts/bench/app.mjs measures the app's first frames and memory in a
    // pty with the same tools (lib.mjs); measuring them twice would only
    // lengthen the run. Without it, they are measured here.
    if (!existsSync(join(dirname(fileURLToPath(import.meta.url)), 'app.mjs'))) {
      rows.push(...(await pty(runs, env)));
    }
    rows.push(...(await memory(runs, env)));
    rows.push(...(await wholeProcess(runs, env)));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return rows;
}

async function pty(runs, env) {
  if (!hasScript()) {
    ptyHwm = [];
    return [{ metric: 'first frame in a pty', value: Number.NaN, unit: 'ms', note: 'not measured (no `script` command)' }];
  }
  // Interleave the baseline and the app so drift on a shared machine hits both.
  const base = [];
  const app = [];
  const hwm = [];
  let blank = 0;
  for (let i = 0; i <= runs; i++) {
    const b = await ptyRun([node, '-e', '0'], { env, cols: COLS, rows: ROWS });
    const a = await ptyRun([node, bin], { env, cols: COLS, rows: ROWS, holdMs: 500 });
    if (i === 0) continue; // warm-up: fills the page cache
    base.push(b.exitMs);
    if (a.firstFrameMs === null) blank++;
    else app.push(a.firstFrameMs);
    if (a.peakRssKb !== null) hwm.push(a.peakRssKb);
  }
  const baseMs = median(base);
  const appMs = median(app);
  const rows = [
    {
      metric: `first frame of the app (home) in a ${COLS}x${ROWS} pty`,
      value: appMs,
      unit: 'ms',
      baseline: baseMs,
      ratio: ratio(appMs, baseMs),
      goal: '<= 3.5x (aim 3.0x)',
      note: `baseline: node -e 0 start to exit in the same kind of pty${blank ? `; ${blank} run(s) showed no frame` : ''}`,
    },
  ];
  ptyHwm = hwm;
  return rows;
}

// The app's VmHWM samples from the pty runs, for the memory row (null: not measured here).
let ptyHwm = null;

async function memory(runs, env) {
  if (!hasGnuTime()) {
    return [{ metric: 'peak memory of the app', value: Number.NaN, unit: 'MB', note: 'not measured (no /usr/bin/time)' }];
  }
  const base = [];
  for (let i = 0; i < runs; i++) base.push(peakRssKb([node, '-e', '0'], { env }));
  const baseMb = median(base) / 1024;
  const rows = [];
  if (ptyHwm === null) {
    // Measured by app.mjs.
  } else if (ptyHwm.length > 0) {
    const appMb = median(ptyHwm) / 1024;
    rows.push({
      metric: 'peak RSS of the app (home screen, 0.5 s after first frame)',
      value: appMb,
      unit: 'MB',
      baseline: baseMb,
      ratio: ratio(appMb, baseMb),
      goal: '<= 2.5x',
      note: 'app: VmHWM from /proc; baseline: node -e 0 by GNU time',
    });
  } else {
    rows.push({ metric: 'peak RSS of the app', value: Number.NaN, unit: 'MB', note: 'not measured (no frame seen)' });
  }
  const versionRss = [];
  for (let i = 0; i < runs; i++) versionRss.push(peakRssKb([node, bin, '--version'], { env }));
  const vMb = median(versionRss) / 1024;
  rows.push({
    metric: 'peak RSS of --version',
    value: vMb,
    unit: 'MB',
    baseline: baseMb,
    ratio: ratio(vMb, baseMb),
  });
  return rows;
}

async function wholeProcess(runs, env) {
  const subjects = {
    '--version, whole process (piped)': [node, bin, '--version'],
    '--help, whole process (piped)': [node, bin, '--help'],
  };
  // engine.mjs measures `sim --json` (and explore) when it is there.
  if (!existsSync(join(dirname(fileURLToPath(import.meta.url)), 'engine.mjs'))) {
    subjects['sim --scenario late-write --json, whole process'] = [node, bin, 'sim', '--scenario', 'late-write', '--json'];
  }
  const goals = { 'sim --scenario late-write --json, whole process': '<= 1.5x' };
  const got = await compareProcesses([node, '-e', '0'], subjects, { runs, env });
  return Object.entries(got).map(([metric, m]) => comparedRow(metric, m, { goal: goals[metric], note: 'baseline: node -e 0, piped' }));
}
