// The quiz in the app, in a real pseudo-terminal (tmux, 80x24), side by side
// with `node -e 0` in the same kind of pane: from spawn to the first question
// on screen (`fence-tutor quiz --mode practice --count 3 --seed 1`, which
// loads the bank, draws, and opens the app's quiz screen), and from a digit
// pressed to its feedback on screen. Screens are polled every 10 ms, so
// values carry up to that much of polling delay.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { benchEnv, bin, median, node, ratio, root, tempHome } from './lib.mjs';

const hasTmux = () => spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

function tmux(args) {
  return execFileSync('tmux', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Starts argv in a detached 80x24 pane; resolves with a session handle. */
function start(name, argv, env) {
  const vars = Object.entries(env)
    .filter(([k]) => ['FENCE_TUTOR_HOME', 'PATH', 'HOME', 'LANG'].includes(k))
    .map(([k, v]) => `${k}=${q(v)}`)
    .join(' ');
  tmux([
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    '80',
    '-y',
    '24',
    '-c',
    root,
    `env -u CI ${vars} ${argv.map(q).join(' ')}; tmux wait-for -S ${name}-done; sleep 5`,
  ]);
}

const screen = (name) => {
  try {
    return tmux(['capture-pane', '-p', '-t', name]);
  } catch {
    return '';
  }
};

async function until(name, pattern, timeoutMs = 30_000) {
  const t0 = performance.now();
  while (!pattern.test(screen(name))) {
    if (performance.now() - t0 > timeoutMs) throw new Error(`timed out waiting for ${pattern}`);
    await sleep(10);
  }
}

const kill = (name) => {
  try {
    tmux(['kill-session', '-t', name]);
  } catch {}
};

export async function bench({ runs }) {
  if (!hasTmux()) return [{ metric: 'quiz: first question in a pty', value: Number.NaN, unit: 'ms', note: 'not measured (no tmux)' }];
  const home = tempHome();
  const env = benchEnv(home);
  const base = [];
  const first = [];
  const feedback = [];
  try {
    for (let i = 0; i <= runs; i++) {
      const b = `bench-base-${process.pid}-${i}`;
      let t0 = performance.now();
      start(b, [node, '-e', 'console.log("ready")'], env);
      await until(b, /ready/);
      if (i > 0) base.push(performance.now() - t0);
      kill(b);

      const a = `bench-quiz-${process.pid}-${i}`;
      t0 = performance.now();
      start(a, [node, bin, 'quiz', '--mode', 'practice', '--count', '3', '--seed', '1'], env);
      await until(a, /1-9 choose/);
      const shown = performance.now() - t0;
      t0 = performance.now();
      tmux(['send-keys', '-t', a, '2']);
      await until(a, /Right\.|Not right\./);
      if (i > 0) {
        first.push(shown);
        feedback.push(performance.now() - t0);
      }
      kill(a);
    }
  } finally {
    await removeWhenSettled(home);
  }
  const baseline = median(base);
  return [
    {
      metric: 'quiz: first question on screen, 80x24 pty',
      value: median(first),
      unit: 'ms',
      baseline,
      ratio: ratio(median(first), baseline),
      note: 'baseline: `node -e` printing one line in the same kind of pane',
    },
    { metric: 'quiz: digit pressed to feedback on screen', value: median(feedback), unit: 'ms', goal: '< 100 ms on an idle machine' },
  ];
}

/** A killed sitting may still be saving its report: retry until the folder can go. */
async function removeWhenSettled(dir) {
  for (let attempt = 0; attempt < 25; attempt++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}
