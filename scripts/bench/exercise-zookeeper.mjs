// zookeeper-lock's check with its shipped solution, as a whole process
// (start to exit: a throwaway ZooKeeper, the learner's client process, the
// six checks, teardown), and split: inside the check (durationMs, which
// includes the server's start) and the checks alone (the sum of each
// check's durationMs, no server start). No goal is set for it (issue 35
// sets none); the numbers are here to be compared run with run.
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { benchEnv, bin, median, node, root, tempHome, timeProcess } from './lib.mjs';

const ID = 'zookeeper-lock';

/** Found as the tutor finds it (java on PATH, Debian's jar), without starting a JVM. */
function zookeeperInstalled() {
  const onPath = (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, 'java')));
  return onPath && existsSync('/usr/share/java/zookeeper.jar');
}

export async function bench({ runs }) {
  if (!zookeeperInstalled()) return [{ metric: `exercise check ${ID}`, note: 'not measured (ZooKeeper not installed: apt-get install zookeeper)' }];
  const home = tempHome();
  try {
    const env = benchEnv(home);
    const dir = join(home, 'work', ID);
    const start = await timeProcess([node, bin, 'exercise', 'start', ID, '--dir', dir], { env });
    if (start.code !== 0) throw new Error(`exercise start ${ID} exited ${start.code}: ${start.stderr.slice(0, 200)}`);
    copyFileSync(join(root, 'exercises', ID, 'solution.mjs'), join(dir, 'lock.mjs'));
    const walls = [];
    const inside = [];
    const checks = [];
    for (let i = 0; i <= runs; i++) {
      const r = await timeProcess([node, bin, 'exercise', 'check', ID, '--dir', dir, '--json'], { env });
      if (r.code !== 0) throw new Error(`exercise check ${ID} exited ${r.code}: ${r.stderr.slice(0, 200)}`);
      if (i === 0) continue; // warm-up
      const report = JSON.parse(r.stdout);
      walls.push(r.ms);
      inside.push(report.durationMs);
      checks.push(report.checks.reduce((sum, c) => sum + c.durationMs, 0));
    }
    return [
      {
        metric: `exercise check ${ID} (shipped solution, whole process, ZooKeeper's start included)`,
        value: median(walls),
        unit: 'ms',
        note: `max ${Math.round(Math.max(...walls))} ms; inside the check (server start and the six checks): ${median(inside)} ms`,
      },
      {
        metric: `exercise check ${ID}: the six checks alone (no server start)`,
        value: median(checks),
        unit: 'ms',
        note: 'sum of the checks durationMs: sessions opened, acquires, the waiters woken',
      },
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
