// The explorer's growth table (issue 18): generated late-writer scenarios
// (scripts/bench/support/late-writers.mjs, split check) from 8 to 24 writes, each
// row a whole `explore --json` process against `node -e 0` run side by side
// (medians, interleaved), its peak RSS, its CPU time (user + system: what
// the wall time would be on a quiet machine, read when others load this one),
// the states it visited and the orderings it counted. Every run is capped at 60 s: a row past the cap
// says so instead of a time. `npm run bench -- --only explorer` runs this part.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lateWritersYaml } from './support/late-writers.mjs';
import { benchEnv, bin, median, node, ratio, root, tempHome, bundleSources } from './lib.mjs';

/** [actors, writes per actor]: 8 to 24 writes, so the slope shows. */
const SHAPES = [
  [2, 4],
  [3, 4],
  [4, 3],
  [4, 4],
  [6, 3],
  [5, 4],
  [6, 4],
];
const GOALS = { '5x4': '<= 600 ms', '6x4': '<= 2,500 ms' };
const MEMORY_GOAL = { '6x4': 250 };
const CAP_MS = 60_000;

export async function bench({ runs }) {
  const home = tempHome();
  const env = benchEnv(home);
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-explorer-'));
  try {
    // Records the peak RSS (kB) and CPU time (µs) of every measured process (the baseline too) as it exits.
    const preload = join(dir, 'peak-rss.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeFileSync(process.env.FENCE_BENCH_RSS_FILE, u.maxRSS + ' ' + (u.userCPUTime + u.systemCPUTime)); });\n",
    );
    const core = await loadCore(dir);
    const rows = [];
    for (const [actors, writes] of SHAPES) {
      const name = `${actors}x${writes}`;
      const file = join(dir, `late-writers-${name}.yaml`);
      writeFileSync(file, lateWritersYaml(actors, writes));
      const measured = await measureRow(file, { runs: Math.min(runs, 3), env, preload, dir });
      const counted = countInProcess(core, file);
      const label = `explore --json, ${actors} actors x ${writes} writes (${actors * writes} writes), split (whole process)`;
      if (measured.capped) {
        rows.push({ metric: label, value: Number.NaN, unit: 'ms', goal: GOALS[name], note: `not measured: past the ${CAP_MS / 1000} s cap` });
        continue;
      }
      const note = [
        `peak ${(measured.peakKb / 1024).toFixed(0)} MB`,
        `CPU ${measured.cpuMs.toFixed(0)} ms (node -e 0: ${measured.baseCpuMs.toFixed(0)} ms)`,
        counted.states === null ? 'states not counted' : `${counted.states.toLocaleString('en-US')} states visited`,
        counted.orderings === null ? '' : `${counted.orderings} orderings`,
        `baseline: node -e 0 (${(measured.basePeakKb / 1024).toFixed(0)} MB), same preload, interleaved`,
      ]
        .filter(Boolean)
        .join('; ');
      rows.push({
        metric: label,
        value: measured.ms,
        unit: 'ms',
        baseline: measured.baseMs,
        ratio: ratio(measured.ms, measured.baseMs),
        goal: GOALS[name],
        note,
      });
      if (MEMORY_GOAL[name]) {
        rows.push({
          metric: `peak RSS of that process (${name})`,
          value: measured.peakKb / 1024,
          unit: 'MB',
          baseline: measured.basePeakKb / 1024,
          ratio: ratio(measured.peakKb, measured.basePeakKb),
          goal: `<= ${MEMORY_GOAL[name]} MB`,
          note: 'process.resourceUsage().maxRSS at exit',
        });
      }
    }
    return rows;
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Medians of `runs` runs after a warm-up, the baseline interleaved; stops at the first run past the cap. */
async function measureRow(file, { runs, env, preload, dir }) {
  const rssFile = join(dir, 'rss');
  const withRss = { ...env, FENCE_BENCH_RSS_FILE: rssFile };
  const subject = [node, '-r', preload, bin, 'explore', '--scenario-file', file, '--json'];
  const baseline = [node, '-r', preload, '-e', '0'];
  const times = [];
  const base = [];
  const peaks = [];
  const basePeaks = [];
  const cpus = [];
  const baseCpus = [];
  /** The preload's record of the process that just exited: [peak RSS kB, CPU ms]. */
  const usage = () => readFileSync(rssFile, 'utf8').split(' ').map(Number);
  for (let i = 0; i <= runs; i++) {
    const b = await capped(baseline, withRss);
    if (i > 0) {
      const [kb, us] = usage();
      base.push(b.ms);
      basePeaks.push(kb);
      baseCpus.push(us / 1000);
    }
    const r = await capped(subject, withRss);
    if (r.capped) return { capped: true };
    if (r.code !== 0) throw new Error(`explore ${file} exited ${r.code}: ${r.stderr.slice(0, 200)}`);
    if (i > 0) {
      const [kb, us] = usage();
      times.push(r.ms);
      peaks.push(kb);
      cpus.push(us / 1000);
    }
    // One run past the cap's half is enough: the slope shows without doubling the bench.
    if (r.ms > CAP_MS / 2 && i > 0) break;
  }
  return {
    capped: false,
    ms: median(times),
    baseMs: median(base),
    peakKb: Math.max(...peaks),
    basePeakKb: median(basePeaks),
    cpuMs: median(cpus),
    baseCpuMs: median(baseCpus),
  };
}

/** Runs a whole process, killed (SIGKILL) past the cap. */
function capped(argv, env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(argv[0], argv.slice(1), { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    let over = false;
    const timer = setTimeout(() => {
      over = true;
      child.kill('SIGKILL');
    }, CAP_MS);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - t0, code, stderr, capped: over });
    });
  });
}

/** States visited and orderings, in process (a bundle of src/core built here). */
function countInProcess(core, file) {
  const scenario = core.loadScenarioText(readFileSync(file, 'utf8'), file);
  const run = core.simulate(scenario);
  const x = new core.Exploration(run, run.config);
  const result = x.result(scenario.id);
  const digits = result.orderings.toString();
  const orderings = digits.length <= 15 ? Number(digits).toLocaleString('en-US') : `${digits[0]}.${digits.slice(1, 3)}e${digits.length - 1}`;
  return { states: x.statesVisited, orderings };
}

async function loadCore(dir) {
  return bundleSources(dir, {
    'src/core/engine.ts': ['simulate'],
    'src/core/explorer.ts': ['Exploration'],
    'src/content/scenario/scenario-loader.ts': ['loadScenarioText'],
  });
}
