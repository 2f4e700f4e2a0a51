// The exercises: `exercise check` of each of exercises 1-5 with its shipped
// solution, as a whole process (start to exit: the real expiry, the
// learner's sink process, every interleaving, teardown), against the TTL
// (issue 19: within TTL + 1.5 s, TTL 2 s, embedded coordinator); and the
// `exercises` list against `node -e 0` (issue 18: within 1.5x), measured
// side by side.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, bin, compareProcesses, comparedRow, median, node, ratio, root, tempHome, timeProcess } from './lib.mjs';

const TTL_MS = 2000;
const EXERCISES = ['fence-the-sink', 'split-the-check', 'early-write', 'durable-mark', 'idempotent-retry'];

async function checkRuns(id, runs, home) {
  const dir = join(home, 'work', id);
  const env = benchEnv(home);
  const start = await timeProcess([node, bin, 'exercise', 'start', id, '--dir', dir], { env });
  if (start.code !== 0) throw new Error(`exercise start ${id} exited ${start.code}: ${start.stderr.slice(0, 200)}`);
  copyFileSync(join(root, 'exercises', id, 'solution.mjs'), join(dir, 'sink.mjs'));
  const args = [node, bin, 'exercise', 'check', id, '--dir', dir, '--json', '--ttl', String(TTL_MS / 1000)];
  const walls = [];
  const inside = [];
  for (let i = 0; i <= runs; i++) {
    const r = await timeProcess(args, { env });
    if (r.code !== 0) throw new Error(`exercise check ${id} exited ${r.code}: ${r.stderr.slice(0, 200)}`);
    if (i === 0) continue; // warm-up
    walls.push(r.ms);
    inside.push(JSON.parse(r.stdout).durationMs);
  }
  return { wall: median(walls), inside: median(inside), max: Math.max(...walls) };
}

export async function bench({ runs }) {
  const home = tempHome();
  const out = [];
  try {
    for (const id of EXERCISES) {
      const m = await checkRuns(id, runs, home);
      out.push({
        metric: `exercise check ${id} (shipped solution, whole process), TTL ${TTL_MS / 1000} s`,
        value: m.wall,
        unit: 'ms',
        baseline: TTL_MS,
        ratio: ratio(m.wall, TTL_MS),
        goal: `<= TTL + 1.5 s (${TTL_MS + 1500} ms)`,
        note: `inside the check (expiry and every check, no process start or teardown): ${m.inside} ms; max ${m.max} ms; baseline = the TTL`,
      });
    }
    const list = await compareProcesses([node, '-e', '0'], { exercises: [node, bin, 'exercises'] }, { runs: Math.max(runs, 5), env: benchEnv(home) });
    if (list.exercises instanceof Error) throw list.exercises;
    out.push(comparedRow('`exercises` (the list)', list.exercises, { goal: '<= 1.5x node -e 0', note: 'baseline: node -e 0' }));
    return out;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
