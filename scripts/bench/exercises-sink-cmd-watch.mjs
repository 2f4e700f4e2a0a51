// The exercises of the second half of issue 19: a `--sink-cmd` check of
// fence-the-sink with the Python example sink of docs/sink-contract.md as a
// whole process (goal: within 20 s; the note gives the Python sink's own
// start to healthy, measured in the same run), and `--watch`: from a save of
// the learner's file to the rerun starting (goal: within 300 ms; the
// debounce alone is 60 ms), on redo-on-reject.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchEnv, bin, median, node, ratio, root, tempHome, timeProcess } from './lib.mjs';

const SINK_GOAL_MS = 20_000;
const WATCH_GOAL_MS = 300;

async function sinkCmdRuns(runs, home) {
  const args = [node, bin, 'exercise', 'check', 'fence-the-sink', '--json', '--sink-cmd', `python3 ${join(root, 'docs/examples/sink.py')} {port} {db}`];
  const walls = [];
  for (let i = 0; i < runs; i++) {
    const r = await timeProcess(args, { env: benchEnv(home) });
    if (r.code !== 0) throw new Error(`--sink-cmd check exited ${r.code}: ${r.stderr.slice(0, 300)}`);
    walls.push(r.ms);
  }
  return median(walls);
}

/** Milliseconds from `python3 sink.py` to its first 200 on /health (the sink's share of each check). */
function pythonStart(runs) {
  const script = `
import subprocess, time, urllib.request, socket, tempfile, os
s = socket.socket(); s.bind(('127.0.0.1', 0)); port = s.getsockname()[1]; s.close()
d = tempfile.mkdtemp()
t0 = time.monotonic()
p = subprocess.Popen(['python3', ${JSON.stringify(join(root, 'docs/examples/sink.py'))}, str(port), os.path.join(d, 's.db')])
while True:
    try:
        urllib.request.urlopen(f'http://127.0.0.1:{port}/health', timeout=1); break
    except Exception:
        time.sleep(0.01)
print(round((time.monotonic() - t0) * 1000))
p.kill(); p.wait()
`;
  const xs = [];
  for (let i = 0; i < runs; i++) xs.push(Number(spawnSync('python3', ['-c', script], { encoding: 'utf8' }).stdout.trim()));
  return median(xs);
}

async function watchLatency(runs, home) {
  const dir = join(home, 'watch', 'redo-on-reject');
  const env = benchEnv(home);
  const start = await timeProcess([node, bin, 'exercise', 'start', 'redo-on-reject', '--dir', dir], { env });
  if (start.code !== 0) throw new Error(`exercise start exited ${start.code}`);
  const file = join(dir, 'worker.mjs');
  const child = spawn(node, [bin, 'exercise', 'check', 'redo-on-reject', '--dir', dir, '--watch', '--ttl', '0.5'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const waiters = [];
  child.stdout.on('data', (d) => {
    out += d;
    for (const w of waiters.splice(0)) w();
  });
  const until = async (pattern, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(out)) {
      if (Date.now() > deadline) throw new Error(`--watch: no ${pattern} within ${timeoutMs} ms; output:\n${out.slice(-500)}`);
      await new Promise((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return performance.now();
  };
  const latencies = [];
  try {
    await until(/Run 1 done/);
    for (let i = 2; i <= runs + 1; i++) {
      const saved = performance.now();
      appendFileSync(file, `\n// save ${i}\n`);
      const started = await until(new RegExp(`Run ${i} \\(`));
      latencies.push(started - saved);
      await until(new RegExp(`Run ${i} done`));
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('close', resolve));
  }
  return median(latencies);
}

export async function bench({ runs }) {
  const home = tempHome();
  try {
    const sink = await sinkCmdRuns(Math.max(1, Math.min(runs, 3)), home);
    const python = pythonStart(Math.max(3, runs));
    const watch = await watchLatency(Math.max(3, runs), home);
    return [
      {
        metric: '`exercise check fence-the-sink --sink-cmd` (Python example sink, whole process)',
        value: Math.round(sink),
        unit: 'ms',
        baseline: SINK_GOAL_MS,
        ratio: ratio(sink, SINK_GOAL_MS),
        goal: '<= 20 s',
        note: `6 checks, a fresh sink each; the Python sink's start to a healthy /health alone: ${python} ms (same run); baseline = the goal`,
      },
      {
        metric: '`exercise check --watch`: a save to the rerun starting',
        value: Math.round(watch),
        unit: 'ms',
        baseline: WATCH_GOAL_MS,
        ratio: ratio(watch, WATCH_GOAL_MS),
        goal: '<= 300 ms',
        note: 'redo-on-reject, stdout piped; includes the 60 ms debounce; baseline = the goal',
      },
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
