// Saving progress: the merged save (lock file, re-read, three-way merge,
// atomic write) against the plain atomic write the store did before two
// instances could share a data directory, side by side, in-process, on a
// realistic file (11 lessons, each with its self-check answered) and a large
// one (500 lessons). Both fsync the file and the directory, so on a loaded
// disk the absolute times move; the ratio is the point.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { median, ratio, root } from './lib.mjs';

function progressWith(lessons) {
  const at = new Date(0).toISOString();
  const state = { schemaVersion: 1, lastLessonId: 'lesson-0', lessons: {} };
  for (let i = 0; i < lessons; i++) {
    const selfCheck = {};
    for (let q = 0; q < 5; q++) selfCheck[`q${q}`] = { correct: q % 2 === 0, attempts: 1, answeredAt: at };
    state.lessons[`lesson-${i}`] = { firstOpenedAt: at, lastOpenedAt: at, position: 0.5, readPercent: 80, endReached: false, timeSpentMs: 1000, selfCheck };
  }
  return state;
}

export async function bench({ runs }) {
  const dir = mkdtempSync(join(root, 'node_modules', '.fence-tutor-bench-state-'));
  const data = mkdtempSync(join(tmpdir(), 'fence-tutor-bench-state-'));
  try {
    const out = join(dir, 'state.mjs');
    await build({
      stdin: {
        contents: `export { saveProgress, saveProgressMerged } from ${JSON.stringify(join(root, 'src/progress/progress-file.ts'))};`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      logLevel: 'silent',
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const { saveProgress, saveProgressMerged } = await import(pathToFileURL(out).href);
    const rows = [];
    for (const lessons of [11, 500]) {
      const base = progressWith(lessons);
      const plain = [];
      const merged = [];
      // Interleaved, so both see the same disk and load; the first round warms up.
      for (let i = 0; i <= Math.max(runs, 20); i++) {
        const mine = { ...base, lessons: { ...base.lessons, 'lesson-0': { ...base.lessons['lesson-0'], timeSpentMs: 1000 + i } } };
        let t0 = performance.now();
        saveProgress(mine, data);
        if (i > 0) plain.push(performance.now() - t0);
        t0 = performance.now();
        saveProgressMerged(base, mine, data);
        if (i > 0) merged.push(performance.now() - t0);
      }
      const baseline = median(plain);
      const value = median(merged);
      rows.push({
        metric: `save progress, merged under the lock (${lessons} lessons)`,
        value,
        unit: 'ms',
        baseline,
        ratio: ratio(value, baseline),
        note: 'baseline: the plain atomic write (no lock, no re-read); in-process',
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(data, { recursive: true, force: true });
  }
}
