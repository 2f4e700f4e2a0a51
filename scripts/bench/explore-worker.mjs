// The explorer off the UI thread (issue 16): what counting in a worker
// costs against counting on the calling thread, side by side. The worker is
// the built one the app starts (dist/esm/explore-worker.js: `npm run bench`
// builds first); the baseline is the same explorer bundled from src/core.
// Rows: a small count (late-write, split: the worker's start-up dominates,
// which is why the app counts runs of up to 8 writes on its own thread,
// src/store/explore-thread.ts) and a large one (twelve-writes).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { median, ratio, root, bundleSources } from './lib.mjs';

const WORKER = join(root, 'dist', 'esm', 'explore-worker.js');
const TWELVE = join(root, 'test', 'fixtures', 'scenarios', 'twelve-writes.yaml');

export async function bench({ runs }) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-explore-worker-'));
  try {
    const core = await loadCore(dir);
    const cases = [
      { name: 'late-write, split check', scenario: core.findShippedScenario('late-write'), overrides: { check: 'split' } },
      { name: 'twelve-writes', scenario: core.loadScenarioFile(TWELVE), overrides: {} },
    ];
    const rows = [];
    for (const c of cases) {
      const inWorker = [];
      const here = [];
      // Alternated, so both see the same load.
      for (let i = 0; i < runs; i++) {
        inWorker.push(await timeWorker(c.scenario, c.overrides));
        const t0 = performance.now();
        core.explore(c.scenario, c.overrides);
        here.push(performance.now() - t0);
      }
      const value = median(inWorker);
      const baseline = median(here);
      rows.push({
        metric: `explore ${c.name}: in a worker, request to answer`,
        value,
        unit: 'ms',
        baseline,
        ratio: ratio(value, baseline),
        note: 'baseline: the same count on the calling thread (which would freeze the screen meanwhile)',
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function timeWorker(scenario, overrides) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { scenario, overrides } });
    worker.on('message', (m) => {
      if (m.type === 'progress') return;
      void worker.terminate();
      if (m.type === 'result') resolve(performance.now() - t0);
      else reject(new Error(m.message));
    });
    worker.on('error', reject);
  });
}

/** The explorer and the scenario loader from the sources, bundled for in-process timing. */
async function loadCore(dir) {
  return bundleSources(
    dir,
    { 'src/core/explorer.ts': ['explore'], 'src/content/scenario/scenario-loader.ts': ['loadScenarioFile', 'findShippedScenario'] },
    { minify: true },
  );
}
