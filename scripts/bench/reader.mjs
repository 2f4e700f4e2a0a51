// The reader: laying out every lesson for the screen (what `/` search does
// when it opens) against the plain renderer of `lesson --plain` on the same
// lessons, one search over all of them, and whole-process costs of
// `progress --json` and of `--content DIR` (the directory is checked whole
// before use) against the same command without it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { benchEnv, bin, compareProcesses, comparedRow, median, node, ratio, root, tempHome } from './lib.mjs';

const ENTRY = `
import { loadShippedCurriculum } from './src/content/lesson/lesson-loader.ts';
import { renderLessonPlain } from './src/render/lesson-render.ts';
import { layoutLesson } from './src/ui/reader/lesson-layout.ts';
import { lexLesson } from './src/render/lesson-lex.ts';
import { searchLessons } from './src/ui/reader/search.ts';
export function setup(width) {
  const c = loadShippedCurriculum();
  const lessonNumber = (id) => c.lessons.find((l) => l.id === id)?.number;
  const opts = { width, ascii: false, glossary: c.glossary, lessonNumber };
  return {
    layoutAll: () => c.lessons.map((l) => ({ id: l.id, number: l.number, title: l.title, parts: layoutLesson(l, opts, lexLesson(l)) })),
    plainAll: () => c.lessons.map((l) => renderLessonPlain(l, { width, glossary: c.glossary, lessonNumber })),
    search: (laid, q) => searchLessons(laid, q),
  };
}
`;

export async function bench({ runs }) {
  const rows = [...(await inProcess(runs))];
  const home = tempHome();
  try {
    rows.push(...(await processes(runs, benchEnv(home))));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return rows;
}

async function inProcess(runs) {
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(root, '.tmp', 'bench-reader-'));
  try {
    const out = join(dir, 'reader.mjs');
    await build({
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: out,
      // As in scripts/build.mjs: bundled CommonJS dependencies need a real require.
      alias: { 'react-devtools-core': './scripts/stubs/react-devtools-core.js' },
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'error',
    });
    const { setup } = await import(pathToFileURL(out).href);
    const f = setup(97);
    const time = (fn) => {
      fn();
      const xs = [];
      for (let i = 0; i < Math.max(5, runs * 3); i++) {
        const t0 = performance.now();
        fn();
        xs.push(performance.now() - t0);
      }
      return median(xs);
    };
    const layout = time(f.layoutAll);
    const plain = time(f.plainAll);
    const laid = f.layoutAll();
    const search = time(() => f.search(laid, 'token'));
    return [
      {
        metric: 'reader: lay out all 11 lessons at 97 columns (styled lines)',
        value: layout,
        unit: 'ms',
        baseline: plain,
        ratio: ratio(layout, plain),
        goal: '< 100 ms (the search opens on it)',
        note: 'baseline: the plain renderer of `lesson --plain` on the same lessons (no timelines)',
      },
      { metric: 'reader: search all lessons for "token"', value: search, unit: 'ms', goal: '< 16 ms (runs per key typed)', note: 'on the laid-out lines' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function processes(runs, env) {
  const course = join(root, 'test', 'fixtures', 'content', 'course');
  const subjects = await compareProcesses(
    [node, bin, 'lessons', '--json'],
    { progress: [node, bin, 'progress', '--json'], content: [node, bin, '--content', course, 'lessons', '--json'] },
    { runs, env },
  );
  const row = (metric, measured, note, goal) => comparedRow(metric, measured, { note, goal });
  return [
    row('`progress --json` (whole process)', subjects.progress, 'baseline: `lessons --json`'),
    row('`--content DIR lessons --json` (dir checked whole first)', subjects.content, 'baseline: `lessons --json` without --content', '<= 2x'),
  ];
}
