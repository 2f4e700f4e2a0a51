// The quiz without a terminal, whole process against `node -e 0`, side by
// side: an exam of the whole bank graded from an answers file (the
// autograding path, which must not load React), and the answer-key export.
// Also: loading the whole bank (parse, validate, predict keys by the engine)
// in-process, from the built bundle's own loader via a tiny esbuild entry.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { benchEnv, bin, compareProcesses, comparedRow, median, node, root, tempHome, timeProcess } from './lib.mjs';

export async function bench({ runs }) {
  const home = tempHome();
  const work = mkdtempSync(join(tmpdir(), 'fence-tutor-bench-quiz-'));
  const env = benchEnv(home);
  const rows = [];
  try {
    const key = await timeProcess([node, bin, 'quiz', '--export', 'json', '--seed', '1'], { env });
    const questions = JSON.parse(key.stdout).questions;
    const answers = join(work, 'answers.json');
    writeFileSync(answers, JSON.stringify({ answers: Object.fromEntries(questions.map((q) => [q.id, q.answer])) }));
    const subjects = {
      [`quiz --answers (exam, ${questions.length} questions), whole process`]: [
        node,
        bin,
        'quiz',
        '--mode',
        'exam',
        '--seed',
        '1',
        '--answers',
        answers,
        '--format',
        'json',
      ],
      'quiz --export json, whole process': [node, bin, 'quiz', '--export', 'json', '--seed', '1'],
    };
    const got = await compareProcesses([node, '-e', '0'], subjects, { runs, env });
    for (const [metric, m] of Object.entries(got)) rows.push(comparedRow(metric, m, { note: 'baseline: node -e 0, piped' }));
    rows.push(await bankLoad(runs));
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

async function bankLoad(runs) {
  // Inside the package (under node_modules), so the loader finds its package.json.
  const dir = mkdtempSync(join(root, 'node_modules', '.fence-tutor-bench-'));
  try {
    return await bankLoadIn(dir, runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bankLoadIn(dir, runs) {
  const out = join(dir, 'load-bank.mjs');
  await build({
    stdin: {
      contents: `import { loadShippedBank } from ${JSON.stringify(join(root, 'src/content/quiz/quiz-loader.ts'))}; export { loadShippedBank };`,
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
  const { loadShippedBank } = await import(pathToFileURL(out).href);
  const times = [];
  let count = 0;
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    count = loadShippedBank().questions.length;
    if (i > 0) times.push(performance.now() - t0);
  }
  return {
    metric: `load and check the whole bank (${count} questions, predict keys by the engine)`,
    value: median(times),
    unit: 'ms',
    note: 'in-process, warm',
  };
}
