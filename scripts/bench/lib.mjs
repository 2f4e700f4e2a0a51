// Shared measuring tools for scripts/bench/*.mjs. Every module exports
// `async function bench({ runs })` returning rows
//   { metric, value, unit, baseline?, ratio?, goal?, note? }
// with medians, and baselines measured the same way in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = join(root, 'bin', 'fence-tutor.js');
export const node = process.execPath;

export function median(xs) {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function ratio(value, baseline) {
  return baseline > 0 ? Math.round((value / baseline) * 100) / 100 : undefined;
}

/** A private data directory for the measured commands, removed by the caller. */
export function tempHome() {
  return mkdtempSync(join(tmpdir(), 'fence-tutor-bench-'));
}

/** The environment measured commands run in: no CI, a UTF-8 terminal, a temp data dir. */
export function benchEnv(home, extra = {}) {
  const env = { ...process.env, TERM: 'xterm-256color', LANG: 'C.UTF-8', FENCE_TUTOR_HOME: home, ...extra };
  delete env.CI;
  delete env.NO_COLOR;
  return env;
}

/** Runs a whole process with piped stdio; resolves with its wall time. */
export function timeProcess(argv, { env, cwd = root, input } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - t0, code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/**
 * Median wall time of `runs` runs of a whole process (after one warm-up run,
 * which fills the page cache). Rejects when a run exits non-zero.
 */
export async function medianProcessMs(argv, { runs, env, cwd } = {}) {
  const times = [];
  for (let i = 0; i <= runs; i++) {
    const r = await timeProcess(argv, { env, cwd });
    if (r.code !== 0) throw new Error(`${argv.join(' ')} exited ${r.code}: ${r.stderr.slice(0, 300)}`);
    if (i > 0) times.push(r.ms);
  }
  return median(times);
}

/**
 * A subject's times set against their partners, the baseline run just
 * before each: `{ ms, baseline, ratio }`, the medians of the times, of the
 * partners and of the pairs' ratios. On this shared machine a bare node
 * start moves between about 65 and 115 ms from one second to the next; a
 * pair sees one moment of it (docs/performance.md, "How the first frames
 * and the commands are compared"), where one baseline per round set every
 * subject of the round against one draw.
 */
export function paired(times, partners) {
  const pairs = times.map((t, j) => t / partners[j]);
  return { ms: median(times), baseline: median(partners), ratio: Math.round(median(pairs) * 100) / 100, pairs: pairs.length };
}

/**
 * Whole-process wall times of several subjects, each run just after a run
 * of the baseline (its partner), interleaved run by run after one warm-up
 * round. Returns `{ name: paired(...) | Error }`.
 */
/**
 * Pairs behind every ratio against `node -e 0` (first frames, whole
 * processes), whatever `--runs` says. Over five pairs one slow spell of this
 * shared machine moved a row further than the room its goal leaves: at
 * dca4aa6 `quiz --export json` read 1.57x in a full run and 1.20x over 11
 * pairs right after, nothing it runs changed (docs/performance.md, "How the
 * first frames and the commands are compared").
 */
export const MIN_PAIRS = 9;

export async function compareProcesses(baselineArgv, subjects, { runs, env, cwd } = {}) {
  const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  const partners = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  const failed = {};
  for (let i = 0; i <= Math.max(runs, MIN_PAIRS); i++) {
    for (const [name, argv] of Object.entries(subjects)) {
      if (failed[name]) continue;
      const b = await timeProcess(baselineArgv, { env, cwd });
      const r = await timeProcess(argv, { env, cwd });
      if (r.code !== 0) failed[name] = new Error(`exit ${r.code}: ${r.stderr.trim().split('\n')[0]?.slice(0, 100) ?? ''}`);
      else if (i > 0) {
        times[name].push(r.ms);
        partners[name].push(b.ms);
      }
    }
  }
  return Object.fromEntries(Object.keys(subjects).map((name) => [name, failed[name] ?? paired(times[name], partners[name])]));
}

/** A table row for what compareProcesses measured of one subject (a failure: a row saying so). */
export function comparedRow(metric, measured, { goal, note } = {}) {
  if (measured instanceof Error)
    return { metric, value: Number.NaN, unit: 'ms', ...(goal ? { goal } : {}), note: `not measured (${String(measured.message).split('\n')[0]})` };
  const { ms, baseline, ratio: r, pairs } = measured;
  const how = `each run just after one of the baseline; ratio: median of ${pairs} pairs`;
  return { metric, value: ms, unit: 'ms', baseline, ratio: r, ...(goal ? { goal } : {}), note: note ? `${note}; ${how}` : how };
}

/** Peak resident set of a whole process in KiB, by GNU time. */
export function peakRssKb(argv, { env, cwd = root } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-rss-'));
  try {
    const out = join(dir, 'rss');
    const r = spawnSync('/usr/bin/time', ['-f', '%M', '-o', out, ...argv], { cwd, env, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}`);
    return Number(readFileSync(out, 'utf8').trim().split('\n').pop());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const hasGnuTime = () => existsSync('/usr/bin/time');
export const hasScript = () => spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
const shellQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/**
 * Starts `argv` in a fresh pseudo-terminal of an explicit size (util-linux
 * `script`; a pty with no size makes Ink render at width 0), and measures:
 * - `firstFrameMs`: from spawn to the first output holding visible text, or
 *   matching `until` when given (`null` when the command printed none);
 * - `exitMs`: from spawn to the end of the pty session, when it ends by itself
 *   within `holdMs` of the first frame;
 * - `peakRssKb`: the process's VmHWM (peak RSS so far) read from /proc
 *   `holdMs` after its first frame, or `null` if it had already exited.
 * With `keys`, those are typed once the first frame is there, and the hold
 * (and `peakRssKb`) starts when the output since then matches `shows`: a
 * screen reached from another (Progress, Help); `screenMs` is from the keys
 * to that screen.
 * The command is then ended (SIGTERM, SIGKILL to it and its pty session after 2 s).
 */
export function ptyRun(argv, { env, cwd = root, cols = 100, rows = 30, holdMs = 400, timeoutMs = 15_000, until = /\S/, keys, shows } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-pty-'));
  const pidFile = join(dir, 'pid');
  const inner = `stty cols ${cols} rows ${rows} 2>/dev/null; echo $$ > ${shellQuote(pidFile)}; exec ${argv.map(shellQuote).join(' ')}`;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('script', ['-qfec', inner, '/dev/null'], { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    let firstFrameMs = null;
    let screenMs = null;
    let keysAt = null;
    let afterKeys = '';
    let peak = null;
    let text = '';
    let settled = false;
    const timers = [];
    const innerPid = () => {
      try {
        return Number(readFileSync(pidFile, 'utf8').trim()) || null;
      } catch {
        return null;
      }
    };
    const readHwm = () => {
      const pid = innerPid();
      if (!pid) return null;
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        return m ? Number(m[1]) : null;
      } catch {
        return null;
      }
    };
    // SIGTERM to the command only: `script` ends as soon as its pty closes,
    // where a SIGTERM of its own kept it 2 s more (each app run took 2.8 s,
    // 0.3 s of it the app's).
    const stop = () => {
      try {
        process.kill(innerPid() ?? child.pid, 'SIGTERM');
      } catch {}
      timers.push(
        setTimeout(() => {
          for (const p of [innerPid(), child.pid]) {
            try {
              if (p) process.kill(p, 'SIGKILL');
            } catch {}
          }
        }, 2000),
      );
    };
    const hold = () =>
      timers.push(
        setTimeout(() => {
          peak = readHwm();
          stop();
        }, holdMs),
      );
    child.stdout.on('data', (d) => {
      text += d;
      if (keysAt !== null) afterKeys += d;
      if (firstFrameMs === null && until.test(text.replace(ESCAPES, ''))) {
        firstFrameMs = performance.now() - t0;
        if (keys === undefined) hold();
        else {
          keysAt = performance.now();
          child.stdin.write(keys);
        }
      } else if (keysAt !== null && screenMs === null && shows.test(afterKeys.replace(ESCAPES, ''))) {
        screenMs = performance.now() - keysAt;
        hold();
      }
    });
    timers.push(setTimeout(stop, timeoutMs));
    child.on('error', reject);
    child.on('close', () => {
      if (settled) return;
      settled = true;
      const exitMs = performance.now() - t0;
      for (const t of timers) clearTimeout(t);
      rmSync(dir, { recursive: true, force: true });
      resolve({ firstFrameMs, screenMs, exitMs, peakRssKb: peak, output: text });
    });
    // Keep stdin open (an EOF would end script's session early).
  });
}

/** Formats a number for the table: 3 significant digits, thousands grouped. */
export function fmt(n) {
  if (n === undefined || n === null || Number.isNaN(n)) return '';
  if (typeof n !== 'number') return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

/**
 * Named exports of source modules, bundled by esbuild into one ESM file in
 * `dir` and imported, for in-process timing of the pure core:
 *   await bundleSources(dir, { 'src/core/explorer.ts': ['explore'] })
 */
export async function bundleSources(dir, exportsByFile, { minify = false } = {}) {
  const { build } = await import('esbuild');
  const { writeFileSync } = await import('node:fs');
  const { pathToFileURL } = await import('node:url');
  const entry = join(dir, 'entry.ts');
  const lines = Object.entries(exportsByFile).map(([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(join(root, file))};`);
  writeFileSync(entry, lines.join('\n'));
  const out = join(dir, 'core.mjs');
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify,
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(out).href);
}
