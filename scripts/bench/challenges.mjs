// Issue 20: the challenge commands as whole processes against `node -e 0`,
// interleaved in the same runs. `challenges --json` reads the build's
// snapshot (no YAML, no zod) and must stay within the issue 18 goal;
// `--check` parses one run file and runs the engine (and, for an ordering
// goal, the explorer), so it is reported without a goal. In process: the
// verdict of a run after one act (replay and goal check), for every shipped
// challenge's reference solution, the work the app does after each act.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv, bin, bundleSources, compareProcesses, comparedRow, median, node, root, tempHome } from './lib.mjs';

const GOAL = '<= 1.5x';
const LATE_WRITE = `id: my-run
config: { fencing: false, check: split }
steps:
  - { at: 0,  actor: A, do: acquire }
  - { at: 1,  actor: A, do: write, value: "0" }
  - { at: 2,  actor: A, do: pause }
  - { at: 3,  actor: B, do: acquire }
  - { at: 14, actor: B, do: write, value: "100" }
  - { at: 31, actor: A, do: resume }
  - { at: 31, actor: A, do: write, value: "1" }
`;

export async function bench({ runs }) {
  const home = tempHome();
  const work = mkdtempSync(join(tmpdir(), 'fence-tutor-bench-challenges-'));
  const env = benchEnv(home);
  try {
    const file = join(work, 'run.yaml');
    writeFileSync(file, LATE_WRITE.replace('fencing: false, check: split', 'fencing: false'));
    const split = join(work, 'split.yaml');
    writeFileSync(split, LATE_WRITE.replace('fencing: false, ', ''));
    const subjects = {
      'challenges --json': [node, bin, 'challenges', '--json'],
      'challenge lose-b-update --check FILE': [node, bin, 'challenge', 'lose-b-update', '--check', file],
      'challenge some-ordering --check FILE (explorer)': [node, bin, 'challenge', 'some-ordering', '--check', split],
    };
    const got = await compareProcesses([node, '-e', '0'], subjects, { runs, env });
    const rows = Object.entries(got).map(([metric, m]) =>
      comparedRow(metric, m, { goal: metric === 'challenges --json' ? GOAL : undefined, note: 'baseline: node -e 0, piped' }),
    );
    // Bundled inside the package, so the bundle finds the package root and the shipped challenges.
    mkdirSync(join(root, '.tmp'), { recursive: true });
    const bundleDir = mkdtempSync(join(root, '.tmp', 'bench-challenges-'));
    try {
      rows.push(await verdictAfterAct(bundleDir, runs));
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
    }
    return rows;
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/** The slowest shipped challenge's median time from an act to its verdict, in process (the explorer included where the goal needs it). */
async function verdictAfterAct(work, runs) {
  const mod = await bundleSources(work, {
    'src/content/challenges/challenge-files.ts': ['allChallenges'],
    'src/challenges/check-run.ts': ['checkRun'],
    'src/core/explorer.ts': ['explore'],
  });
  const challenges = mod.allChallenges();
  let worst = { id: '', ms: 0 };
  for (const c of challenges) {
    const times = [];
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      mod.checkRun(c, c.solution, (s) => mod.explore(s, {}));
      if (i > 0) times.push(performance.now() - t0);
    }
    const ms = median(times);
    if (ms > worst.ms) worst = { id: c.id, ms };
  }
  return {
    metric: 'verdict after an act, slowest shipped challenge',
    value: worst.ms,
    unit: 'ms',
    goal: '<= 50 ms',
    note: `${worst.id}; replay and goal check in process`,
  };
}
