// Whole-command fuzzing: each case writes one mutated input file into a
// fresh folder, runs the built CLI on it (its data directory inside that
// folder) and checks what a person would see: the exit status is 0, 1 or 2;
// no stack trace; stdout and stderr hold no escape sequence, control, bidi or
// other hidden character; at most MAX_CPU_MS of CPU and MAX_RSS_MB of memory;
// no file written anywhere but the folder's data directory and the paths the
// command was given. `npm run fuzz -- --cases N`; test/fuzz/cli.serial.test.ts
// runs a few cases of each in CI.
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutate, prng } from './mutate.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'fence-tutor.js');
const preload = join(root, 'scripts', 'fuzz', 'usage-preload.cjs');
export const MAX_CPU_MS = 2000;
export const MAX_RSS_MB = 200;
const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/u;

const read = (p) => readFileSync(join(root, p), 'utf8');
const report = {
  schemaVersion: 1,
  version: '0.1.0',
  quiz: 'token-contract',
  contentHash: 'abc',
  mode: 'exam',
  student: 'Ada',
  score: 0.5,
  passed: false,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:10:00.000Z',
  questions: [
    { id: 'q1', type: 'single', correct: true, topic: 't' },
    { id: 'q2', type: 'single', correct: false, topic: 't' },
  ],
};

const courseLesson = read('test/fixtures/content/course/lessons/01-our-deploy-lock.md');
const courseManifest = 'kind: manifest\nglossary: glossary.yaml\nlessons:\n  - id: our-deploy-lock\n    file: 01-our-deploy-lock.md\n';
const courseGlossary =
  'kind: glossary\nterms:\n  - id: deploy-lock\n    term: deploy lock\n    definition: The lock a deploy takes.\n    see: [our-deploy-lock]\n';

/** A small curriculum of its own (test/fixtures/content/course) as the --content folder. */
function courseLessons(dir) {
  const at = join(dir, 'content', 'lessons');
  writeFileSync(join(at, '01-our-deploy-lock.md'), courseLesson);
  writeFileSync(join(at, 'manifest.yaml'), courseManifest);
  writeFileSync(join(at, 'glossary.yaml'), courseGlossary);
  for (const kind of ['scenarios', 'quizzes']) cpSync(join(root, 'test/fixtures/content/course', kind), join(dir, 'content', kind), { recursive: true });
}

/** A valid assignment, written once by the built CLI itself. */
function assignmentSeed() {
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fuzz-seed-'));
  try {
    const out = join(dir, 'a.json');
    const r = spawnSync(process.execPath, [bin, 'assign', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '1', '--count', '3', '--out', out], {
      env: { ...process.env, FENCE_TUTOR_HOME: dir },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`fuzz: could not write the assignment seed: ${r.stderr}`);
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One entry per loader: the valid seed, where the input goes, and the command that reads it. */
export const LOADERS = [
  {
    name: 'scenario (sim, quick parser)',
    file: 'input.yaml',
    seed: read('scenarios/late-write.yaml'),
    args: ['sim', '--scenario-file', 'input.yaml', '--plain'],
  },
  {
    name: 'scenario (validate)',
    file: 'input.yaml',
    seed: `kind: scenario\n${read('scenarios/late-write.yaml').replace(/^id: .*$/m, 'id: fuzzed-late-write')}`,
    args: ['validate', 'input.yaml'],
  },
  {
    name: 'quiz bank',
    file: 'input.yaml',
    seed: read('quizzes/token-contract.yaml'),
    args: ['quiz', '--quiz', 'input.yaml', '--export', 'sheet', '--seed', '1'],
  },
  {
    name: 'answers file',
    file: 'input.json',
    seed: JSON.stringify({ student: 'Ada', seed: 1, answers: { 'token-minted-by-grantor': 0 } }, null, 2),
    args: ['quiz', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '1', '--answers', 'input.json'],
  },
  {
    name: 'assignment',
    file: 'input.json',
    seed: assignmentSeed(),
    args: ['quiz', '--assignment', 'input.json', '--answers', 'answers.json'],
    setup: (dir) => writeFileSync(join(dir, 'answers.json'), '{"answers": {}}'),
  },
  { name: 'report (grade)', file: 'input.json', seed: JSON.stringify(report, null, 2), args: ['grade', 'input.json', '--csv', 'out'], writes: ['out'] },
  { name: 'progress', file: 'home/progress.json', seed: JSON.stringify({ schemaVersion: 1, lessons: {}, scenarios: {} }, null, 2), args: ['progress'] },
  {
    name: 'lesson (--content)',
    file: 'content/lessons/01-our-deploy-lock.md',
    seed: courseLesson,
    args: ['--content', 'content', 'lesson', '1', '--plain'],
    setup: courseLessons,
  },
  { name: 'manifest (--content)', file: 'content/lessons/manifest.yaml', seed: courseManifest, args: ['validate', 'content'], setup: courseLessons },
  { name: 'glossary (--content)', file: 'content/lessons/glossary.yaml', seed: courseGlossary, args: ['validate', 'content'], setup: courseLessons },
];

function listFiles(dir, base = dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, base));
    else out.push(relative(base, p));
  }
  return out;
}

/** Runs the built CLI like spawnSync would report it, without blocking: { status, signal, stdout, stderr, error }. */
function runCli(args, options) {
  return new Promise((resolve) => {
    execFile(process.execPath, args, options, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      // A non-zero exit is an answer; only a run that did not end by itself (timeout, output cap, spawn failure) is an error.
      resolve({ status, signal: error?.signal ?? null, stdout, stderr, error: status === null ? error : undefined });
    });
  });
}

/** Runs one case (the seed unchanged with `asIs`, for checking the checks); resolves { ok, problem?, cpuMs, rssMB, status }. */
export async function runCase(loader, caseSeed, asIs = false) {
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fuzz-'));
  try {
    mkdirSync(join(dir, 'home'), { recursive: true });
    mkdirSync(join(dir, 'content', 'lessons'), { recursive: true });
    loader.setup?.(dir);
    const input = asIs ? Buffer.from(loader.seed) : mutate(loader.seed, prng(caseSeed));
    writeFileSync(join(dir, loader.file), input);
    const before = new Set(listFiles(dir));
    const usageFile = join(dir, 'home', '.usage.json');
    const env = { ...process.env, FENCE_TUTOR_HOME: join(dir, 'home'), NO_COLOR: '1', LANG: 'C.UTF-8', FUZZ_USAGE_FILE: usageFile, TMPDIR: join(dir, 'home') };
    delete env.CI;
    const r = await runCli(['--require', preload, bin, ...loader.args], {
      cwd: dir,
      env,
      encoding: 'utf8',
      // A hang, not a slow start: two cases at a time beside other test files may take long on a loaded machine (the CPU cap is separate).
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    let usage = { cpuMs: Number.NaN, maxRssKiB: Number.NaN };
    try {
      usage = JSON.parse(readFileSync(usageFile, 'utf8'));
    } catch {
      // killed before exit: reported below
    }
    const result = { status: r.status, cpuMs: usage.cpuMs, rssMB: usage.maxRssKiB / 1024 };
    const fail = (problem) => ({ ...result, ok: false, problem, input: input.subarray(0, 300).toString('utf8') });
    if (r.error || r.status === null) return fail(`did not finish (${r.error?.message ?? r.signal})`);
    if (![0, 1, 2].includes(r.status)) return fail(`exit status ${r.status}`);
    if (/unexpected error|\n\s+at .+:\d+:\d+/.test(r.stderr)) return fail(`stack trace: ${r.stderr.slice(0, 300)}`);
    for (const [name, text] of [
      ['stdout', r.stdout],
      ['stderr', r.stderr],
    ]) {
      const m = FORBIDDEN.exec(text);
      if (m)
        return fail(
          `${name} holds U+${m[0].codePointAt(0).toString(16).padStart(4, '0')}: ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 40))}`,
        );
    }
    if (!(usage.cpuMs <= MAX_CPU_MS)) return fail(`${Math.round(usage.cpuMs)} ms of CPU (limit ${MAX_CPU_MS})`);
    if (!(result.rssMB <= MAX_RSS_MB)) return fail(`${Math.round(result.rssMB)} MB of memory (limit ${MAX_RSS_MB})`);
    const allowed = (f) =>
      before.has(f) || f.startsWith('home/') || f.startsWith(`${loader.file}.corrupt-`) || (loader.writes ?? []).some((w) => f === w || f.startsWith(`${w}/`));
    const stray = listFiles(dir).filter((f) => !allowed(f));
    if (stray.length > 0) return fail(`wrote outside the given paths: ${stray.join(', ')}`);
    return { ...result, ok: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (xs, p) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/**
 * Runs `cases` cases per loader from `seed`, `jobs` CLI processes at a time
 * (each case has its own folder; its CPU and memory are its own process's);
 * resolves one summary row per loader and the failures, in loader order.
 */
export async function runFuzz({ cases, seed = 1, loaders = LOADERS, onCase, jobs = 1 } = {}) {
  const all = loaders.flatMap((loader, li) => Array.from({ length: cases }, (_, i) => ({ loader, caseSeed: (seed * 1_000_003 + li * 10_007 + i) >>> 0 })));
  const resultsOf = new Array(all.length);
  let next = 0;
  const lane = async () => {
    while (next < all.length) {
      const k = next++;
      resultsOf[k] = await runCase(all[k].loader, all[k].caseSeed);
      onCase?.(all[k].loader, resultsOf[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, lane));
  const rows = [];
  const failures = [];
  for (const [li, loader] of loaders.entries()) {
    const results = all.slice(li * cases, (li + 1) * cases).map(({ caseSeed }, i) => ({ caseSeed, ...resultsOf[li * cases + i] }));
    for (const { caseSeed, ...res } of results) if (!res.ok) failures.push({ loader: loader.name, caseSeed, ...res });
    const by = (s) => results.filter((x) => x.status === s).length;
    rows.push({
      loader: loader.name,
      cases,
      exit0: by(0),
      exit1: by(1),
      exit2: by(2),
      failures: results.filter((x) => !x.ok).length,
      cpuP50: pct(
        results.map((x) => x.cpuMs),
        50,
      ),
      cpuMax: pct(
        results.map((x) => x.cpuMs),
        100,
      ),
      rssMax: pct(
        results.map((x) => x.rssMB),
        100,
      ),
    });
  }
  return { rows, failures };
}

export function summaryTable(rows, { cases, seed }) {
  const lines = [
    `Fuzzing the built CLI: ${cases} cases per loader, seed ${seed} (\`npm run fuzz -- --cases ${cases} --seed ${seed}\`). Limits: ${MAX_CPU_MS} ms CPU, ${MAX_RSS_MB} MB per run.`,
    '',
    '| loader | cases | exit 0 | exit 1 | exit 2 | failures | CPU median (ms) | CPU max (ms) | peak memory (MB) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.loader} | ${r.cases} | ${r.exit0} | ${r.exit1} | ${r.exit2} | ${r.failures} | ${Math.round(r.cpuP50)} | ${Math.round(r.cpuMax)} | ${Math.round(r.rssMax)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
