// `npm run faults`: the fault-injection series of issue 38, on the built CLI,
// with fixed seeds, each bounded in time, and one table:
//   series | trials | lost | broken | left | forged
// lost: quiz history records gone; broken: a run that failed, shared a
// folder, crashed, hung or printed more than one line for a refused write;
// left: processes or temp dirs still there 2 s after a SIGKILL of the
// runner (nothing else run meanwhile); forged: a forgery of the docs' list
// not flagged when graded alone against the assignment.
// Not part of `npm test`; each series has a few-trial version in the
// process tier (test/**/*.proc.test.ts). Linux (it reads /proc).
//   node scripts/faults.mjs [--quick] [--only history,labs,kills,sinks,disk,grades]
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin', 'fence-tutor.js');
const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1].split(',') : undefined;
const base = mkdtempSync(join(tmpdir(), 'fence-faults-'));

/** The same generator as src/core/quiz/rng.ts: a seed gives the same moments on every run. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cleanEnv = (more) => {
  const env = { ...process.env, ...more };
  delete env.CI;
  delete env.FENCE_GUARD;
  return env;
};

function cli(args, env, cwd = base) {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: cleanEnv(env), cwd, maxBuffer: 64 << 20, timeout: 300_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function read(path) {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

/** Live processes started by `rootPid` (descendants, or marked by its guard), as test/helpers/proc-tree.ts. */
function startedBy(rootPid) {
  const live = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (!stat) continue;
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (f[0] === 'Z' || f[0] === 'X') continue;
    live.push({
      pid: Number(entry),
      ppid: Number(f[1]),
      state: f[0],
      cmd: read(`/proc/${entry}/cmdline`).replaceAll('\0', ' '),
      env: read(`/proc/${entry}/environ`),
    });
  }
  const found = new Set(live.filter((p) => p.env.includes(`FENCE_GUARD=${rootPid}-`)).map((p) => p.pid));
  found.add(rootPid);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of live) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  found.delete(rootPid);
  return live.filter((p) => found.has(p.pid));
}

function rssOf(pid) {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(read(`/proc/${pid}/status`));
  return m ? Number(m[1]) * 1024 : 0;
}

// ---------------------------------------------------------------- series

/**
 * 150 sittings submitted at one instant into one data directory: every
 * report kept. Three processes save 50 reports each with one finishedAt,
 * through the quiz's own saver (test/fixtures/children/report-saver.ts,
 * bundled here as the process tier bundles it), started together.
 */
async function history() {
  const each = quick ? 5 : 50;
  const home = mkdtempSync(join(base, 'history-'));
  const script = join(home, 'report-saver.mjs');
  buildSync({
    entryPoints: [join(root, 'test/fixtures/children/report-saver.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: script,
    logLevel: 'error',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const go = join(home, 'go');
  const children = [0, 1, 2].map((c) => {
    const child = spawn(process.execPath, [script, `c${c}`, String(each), go, '2026-01-01T00:00:00.000Z'], {
      env: cleanEnv({ FENCE_TUTOR_HOME: home }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    return { output: () => out, done: new Promise((res) => child.on('exit', res)) };
  });
  while (!children.every((c) => c.output().includes('ready'))) await sleep(5);
  writeFileSync(go, '');
  const codes = await Promise.all(children.map((c) => c.done));
  const kept = new Set(
    readdirSync(join(home, 'reports'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(home, 'reports', f), 'utf8')).student),
  );
  const n = 3 * each;
  return { series: `history: ${n} sittings saved at one instant, one data dir`, trials: n, lost: n - kept.size, broken: codes.filter((c) => c !== 0).length };
}

/**
 * Pairs of labs started together on one data directory (each with its own
 * etcd: the embedded coordinator admits one run per data directory by
 * design): each its own evidence folder, each a good run.
 */
async function labs() {
  const pairs = quick ? 3 : 30;
  const home = mkdtempSync(join(base, 'labs-'));
  let broken = 0;
  for (let i = 0; i < pairs; i++) {
    const [a, b] = await Promise.all([0, 1].map(() => cli(['lab', '--coordinator', 'etcd', '--json', '--ttl', '1'], { FENCE_TUTOR_HOME: home })));
    const outs = [a, b].map((r) => {
      try {
        return JSON.parse(r.stdout);
      } catch {
        return undefined;
      }
    });
    const ok = outs.every((o, j) => [a, b][j].status === 0 && o && o.verdict !== 'unexpected');
    if (!ok || outs[0]?.outDir === outs[1]?.outDir) {
      broken++;
      console.error(`  pair ${i}: exits ${a.status}/${b.status}: ${(a.stderr + b.stderr).trim().slice(0, 200)}`);
    }
  }
  return { series: `labs: ${pairs} pairs started together (--coordinator etcd)`, trials: pairs, broken };
}

const ESCAPE_CMD = "setsid sh -c 'sleep 1000 & sleep 1000' & sleep 1000";

/** SIGKILL of the runner at a seeded random moment; 2 s later nothing of it may be left. */
async function kills() {
  const n = quick ? 8 : 100;
  const next = mulberry32(38);
  const work = mkdtempSync(join(base, 'kills-work-'));
  const r = await cli(['exercise', 'start', 'fence-the-sink', '--dir', join(work, 'ex')], { FENCE_TUTOR_HOME: join(base, 'kills-home') });
  if (r.status !== 0) throw new Error(`exercise start failed: ${r.stderr}`);
  const kinds = [
    { name: 'lab embedded', args: () => ['lab', '--json', '--ttl', '1'], window: 4000 },
    { name: 'lab failover', args: () => ['lab', '--json', '--ttl', '1', '--experiment', 'failover'], window: 6000 },
    { name: 'exercise check', args: () => ['exercise', 'check', 'fence-the-sink', '--dir', join(work, 'ex'), '--json', '--ttl', '0.5'], window: 5000 },
    {
      name: 'exercise --sink-cmd',
      args: () => ['exercise', 'check', 'fence-the-sink', '--dir', join(work, 'ex'), '--json', '--sink-cmd', ESCAPE_CMD],
      window: 3000,
    },
  ];
  let left = 0;
  const details = [];
  for (let i = 0; i < n; i++) {
    const kind = kinds[i % kinds.length];
    const tmp = mkdtempSync(join(base, 'kill-tmp-'));
    const home = mkdtempSync(join(base, 'kill-home-'));
    const child = spawn(process.execPath, [bin, ...kind.args()], { env: cleanEnv({ FENCE_TUTOR_HOME: home, TMPDIR: tmp }), stdio: 'ignore', cwd: base });
    const exited = new Promise((res) => child.on('exit', res));
    await sleep(Math.floor(next() * kind.window));
    child.kill('SIGKILL');
    await exited;
    await sleep(2000);
    const procs = startedBy(child.pid);
    const dirs = readdirSync(tmp);
    if (procs.length > 0 || dirs.length > 0) {
      left++;
      details.push(`${kind.name}: ${procs.map((p) => p.cmd.slice(0, 60)).join(' | ')} ${dirs.join(' ')}`);
      for (const p of procs) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {}
      }
    }
  }
  for (const d of details) console.error(`  left: ${d}`);
  return { series: `kills: ${n} SIGKILLs (lab, failover, exercise check, --sink-cmd)`, trials: n, left };
}

const WRITE = `export async function write(db, request) {
  await db.run('UPDATE resource SET value = ? WHERE id = 1', request.value);
  return { accepted: true };
}`;
const HOSTILE = [
  { name: 'hang', source: `export async function setup() { await new Promise(() => undefined); }\n${WRITE}` },
  { name: 'spin', source: `export async function setup() { for (;;); }\n${WRITE}` },
  { name: 'heap', source: `const k = [];\nexport async function setup() { for (;;) k.push(new Array(1 << 16).fill(k.length)); }\n${WRITE}`, limit: 60000 },
  {
    name: '1 GiB output',
    source: `import { once } from 'node:events';\nconst c = 'x'.repeat(1 << 20);\nexport async function setup() { for (let i = 0; i < 1024; i++) if (!process.stdout.write(c)) await once(process.stdout, 'drain'); }\n${WRITE}`,
  },
  { name: 'setsid child holding stdout', source: WRITE, sinkCmd: ESCAPE_CMD },
  { name: 'kill(ppid)', source: `export async function setup() { process.kill(process.ppid, 'SIGSTOP'); }\n${WRITE}` },
];

/** Hostile learner sinks: each check ends with a report, the tutor under 150 MB, nothing left. */
async function sinks() {
  let broken = 0;
  for (const sink of HOSTILE) {
    const work = mkdtempSync(join(base, 'sink-'));
    const tmp = mkdtempSync(join(base, 'sink-tmp-'));
    writeFileSync(join(work, 'sink.mjs'), sink.source);
    const args = ['exercise', 'check', 'fence-the-sink', '--dir', work, '--json', '--ttl', '0.3', '--time-limit', String(sink.limit ?? 2000)];
    if (sink.sinkCmd) args.push('--sink-cmd', sink.sinkCmd);
    const child = spawn(process.execPath, [bin, ...args], { env: cleanEnv({ FENCE_TUTOR_HOME: join(work, 'home'), TMPDIR: tmp }), stdio: 'ignore', cwd: base });
    let code;
    child.on('exit', (c) => {
      code = c;
    });
    let peak = 0;
    const deadline = Date.now() + 240_000;
    while (code === undefined && Date.now() < deadline) {
      peak = Math.max(peak, rssOf(child.pid));
      await sleep(20);
    }
    if (code === undefined) child.kill('SIGKILL');
    await sleep(2000);
    const ok =
      code !== undefined &&
      code !== null &&
      code >= 1 &&
      code <= 2 &&
      peak < 150 * 1024 * 1024 &&
      startedBy(child.pid).length === 0 &&
      readdirSync(tmp).length === 0;
    if (!ok) {
      broken++;
      console.error(
        `  sink "${sink.name}": exit ${code}, peak ${Math.round(peak / 1048576)} MB, left ${startedBy(child.pid).length} processes, ${readdirSync(tmp).length} dirs`,
      );
    }
  }
  return { series: `sinks: hostile learner sinks (${HOSTILE.map((s) => s.name).join(', ')})`, trials: HOSTILE.length, broken };
}

/** A full disk (a 64 KiB tmpfs; root only): one line, exit 2, no lock left. */
async function disk() {
  const mount = mkdtempSync(join(base, 'disk-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]).status !== 0) {
    return { series: 'disk: full disk (skipped: mounting a tmpfs needs root)', trials: 0 };
  }
  try {
    const home = join(mount, 'home');
    mkdirSync(home);
    const run = join(base, 'run.yaml');
    writeFileSync(
      run,
      'id: my-run\nconfig: { fencing: false }\nsteps:\n  - { at: 0, actor: A, do: acquire }\n  - { at: 1, actor: A, do: write, value: "0" }\n  - { at: 2, actor: A, do: pause }\n  - { at: 3, actor: B, do: acquire }\n  - { at: 14, actor: B, do: write, value: "100" }\n  - { at: 31, actor: A, do: resume }\n  - { at: 31, actor: A, do: write, value: "1" }\n',
    );
    for (let i = 0; ; i++) {
      try {
        writeFileSync(join(mount, `fill-${i}`), Buffer.alloc(4096));
      } catch {
        break;
      }
    }
    const runs = [
      await cli(['challenge', 'lose-b-update', '--check', run], { FENCE_TUTOR_HOME: home }),
      await cli(['lab', '--json', '--ttl', '1', '--out', join(mount, 'evidence')], { FENCE_TUTOR_HOME: join(base, 'disk-home') }),
    ];
    const broken = runs.filter((r) => r.status !== 2 || r.stderr.trim().split('\n').length !== 1 || !/ENOSPC/.test(r.stderr)).length;
    const locks = readdirSync(home).length;
    return { series: 'disk: challenge --check and lab on a full disk', trials: runs.length, broken: broken + (locks > 0 ? 1 : 0) };
  } finally {
    spawnSync('umount', [mount]);
  }
}

/** The docs' list of forgeries, each graded alone against the instructor's assignment. */
async function grades() {
  const dir = mkdtempSync(join(base, 'grades-'));
  const env = { FENCE_TUTOR_HOME: join(dir, 'home') };
  const assignment = join(dir, 'a.json');
  await cli(
    ['assign', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '5', '--count', '5', '--pass', '80', '--time-limit', '10m', '--out', assignment],
    env,
  );
  const sheet = JSON.parse((await cli(['quiz', '--assignment', assignment, '--export', 'sheet'], env)).stdout);
  const key = JSON.parse((await cli(['quiz', '--assignment', assignment, '--export', 'json'], env)).stdout).questions;
  const answers = Object.fromEntries(sheet.questions.map((q, i) => [q.id, i < 1 ? key.find((k) => k.id === q.id).answer : null]));
  writeFileSync(join(dir, 'ans.json'), JSON.stringify({ answers }));
  const honest = JSON.parse(
    (await cli(['quiz', '--assignment', assignment, '--student', 'Ada', '--answers', join(dir, 'ans.json'), '--format', 'json'], env)).stdout,
  );
  const forgeries = {
    'wrong questions deleted': { ...honest, questions: honest.questions.filter((q) => q.correct), score: 100, passed: true },
    'pass mark lowered to 1': { ...honest, passMark: 1, passed: true },
    'time limit removed': { ...honest, timeLimitMs: null },
    'another seed': { ...honest, seed: 6 },
    'renamed quiz': { ...honest, quiz: 'renamed' },
  };
  let forged = 0;
  for (const [name, report] of Object.entries(forgeries)) {
    const file = join(dir, `${name.replaceAll(' ', '-')}.json`);
    writeFileSync(file, JSON.stringify(report));
    const r = await cli(['grade', '--assignment', assignment, '--json', file], env);
    const row = JSON.parse(r.stdout).groups[0].students[0];
    if (row.flags.length === 0 || row.passed) {
      forged++;
      console.error(`  forgery not caught: ${name}`);
    }
  }
  return { series: `grades: forgeries graded alone against the assignment`, trials: Object.keys(forgeries).length, forged };
}

const SERIES = { history, labs, kills, sinks, disk, grades };

if (spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
const rows = [];
try {
  for (const [name, run] of Object.entries(SERIES)) {
    if (only && !only.includes(name)) continue;
    const t0 = Date.now();
    process.stderr.write(`${name}...\n`);
    const row = await run();
    rows.push({ ...row, seconds: Math.round((Date.now() - t0) / 1000) });
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
const cell = (v) => (v === undefined ? '-' : String(v));
console.log('| series | trials | lost | broken | left | forged | s |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.series} | ${r.trials} | ${cell(r.lost)} | ${cell(r.broken)} | ${cell(r.left)} | ${cell(r.forged)} | ${r.seconds} |`);
const bad = rows.some((r) => (r.lost ?? 0) + (r.broken ?? 0) + (r.left ?? 0) + (r.forged ?? 0) > 0);
process.exit(bad ? 1 : 0);
