#!/usr/bin/env node
// The full suite under load (issue 31): is it green while a second full
// suite runs on the same machine? Clones HEAD twice into temp dirs, installs
// both, then N times: starts `npm ci && npm test` in the second clone as the
// load, runs `npm test` in the first, and prints pass or fail, vitest's wall
// time and the failing tests' names. Ends every process it started and
// removes both clones on success, failure, Ctrl-C or SIGTERM.
//
//   npm run test:stress                   3 runs under load
//   npm run test:stress -- --runs 5       5 runs
//   npm run test:stress -- --quiet        no load: the same runs on a quiet machine
//   npm run test:stress -- --keep         leave the clones (their paths are printed)
//
// Not part of any test tier: it takes the whole machine for a long while.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { plain, summarise } from './stress-summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const loaded = !args.includes('--quiet');
const keep = args.includes('--keep');
if (!Number.isInteger(runs) || runs < 1) {
  process.stderr.write('stress: --runs takes a whole number of at least 1\n');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'fence-tutor-stress-'));
const measured = join(work, 'measured');
const load = join(work, 'load');
// Each run's whole output outlives the clones: a failure is read, not rerun.
const logs = mkdtempSync(join(tmpdir(), 'fence-tutor-stress-logs-'));
// Each clone's tests get their own tmux server (tmux puts its socket under
// TMUX_TMPDIR): the load, stopped mid-run, leaves sessions its afterEach never
// killed, and that server is ended with it, never anyone else's.
const tmuxDirs = { [measured]: join(work, 'tmux-measured'), [load]: join(work, 'tmux-load') };
/** Process groups still running (each npm is started as its own group leader, so its whole tree can be ended). */
const running = new Set();

function endTmux(dir) {
  try {
    execFileSync('tmux', ['kill-server'], { env: { ...process.env, TMUX_TMPDIR: dir }, stdio: 'ignore' });
  } catch {
    // no server left there, or no tmux
  }
}

function endAll() {
  for (const dir of Object.values(tmuxDirs)) endTmux(dir);
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
  if (keep) process.stdout.write(`stress: clones kept in ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
process.on('exit', endAll);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => process.exit(code));
}

/** Runs `script` with bash in `cwd`, its output kept (and shown when `show`); resolves with {status, output}. */
function start(script, cwd, show) {
  mkdirSync(tmuxDirs[cwd], { recursive: true });
  const env = { ...process.env, FENCE_REQUIRE_TOOLS: '1', TMUX_TMPDIR: tmuxDirs[cwd] };
  delete env.CI;
  delete env.TMUX;
  const child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const take = (chunk) => {
    output += chunk;
    if (show) process.stdout.write(chunk);
  };
  child.stdout.setEncoding('utf8').on('data', take);
  child.stderr.setEncoding('utf8').on('data', take);
  const done = new Promise((resolve) => {
    child.on('close', (status) => {
      running.delete(child);
      resolve({ status, output });
    });
  });
  return { child, done };
}

function stop(job) {
  if (!running.has(job.child)) return job.done;
  try {
    process.kill(-job.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return job.done;
}

const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
process.stdout.write(`stress: ${runs} run(s) of npm test at ${head.slice(0, 12)}, ${loaded ? 'a second npm ci && npm test as load' : 'no load'}, in ${work}\n`);
for (const dir of loaded ? [measured, load] : [measured]) {
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir], { stdio: 'inherit' });
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: dir, stdio: 'inherit' });
}
const install = await start('npm ci --no-audit --no-fund', measured, false).done;
if (install.status !== 0) {
  process.stdout.write(install.output);
  process.stdout.write('stress: npm ci failed in the measured clone\n');
  process.exit(1);
}

const results = [];
for (let i = 1; i <= runs; i++) {
  const loadJob = loaded ? start('npm ci --no-audit --no-fund && npm test', load, false) : undefined;
  const run = await start('npm test', measured, false).done;
  if (loadJob) {
    const loadRun = await stop(loadJob);
    endTmux(tmuxDirs[load]);
    writeFileSync(join(logs, `run-${i}-load.log`), loadRun.output);
  }
  endTmux(tmuxDirs[measured]);
  const log = join(logs, `run-${i}.log`);
  writeFileSync(log, run.output);
  const { duration, failed, tests } = summarise(run.output);
  const passed = run.status === 0;
  results.push(passed);
  process.stdout.write(`run ${i}: ${passed ? 'pass' : `FAIL (exit ${run.status})`}, vitest ${duration}${tests ? `, tests ${tests}` : ''}\n`);
  for (const name of failed) process.stdout.write(`  failed: ${name}\n`);
  if (!passed) process.stdout.write(`  the whole output: ${log}\n`);
  if (!passed && failed.length === 0) process.stdout.write(plain(run.output).split('\n').slice(-40).join('\n'));
}
const green = results.filter(Boolean).length;
process.stdout.write(`stress: ${green} of ${runs} green${loaded ? ' under load' : ''}; logs in ${logs}\n`);
process.exitCode = green === runs ? 0 : 1;
