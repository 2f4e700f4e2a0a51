/**
 * Nothing left after a SIGKILL of the runner (issue 38, D4 and D7), before
 * any next run: every process it started (the learner's sink, a
 * grandchild a --sink-cmd sink detached with setsid, the lab's workers and sink)
 * ends, and no temp folder of it is left in $TMPDIR. Each trial waits for a
 * moment (a process appearing), kills the runner with SIGKILL, then waits
 * for the processes and the folders to go: on the old code the exercise's
 * `fence-exercise-*` folder and the setsid'd grandchild stayed for good.
 */
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { bin, ensureBuilt, root } from '../cli/cli-run.js';
import { startedBy } from '../helpers/proc-tree.js';
import { waitUntil } from '../helpers/wait-until.js';

const linux = process.platform === 'linux';

beforeAll(() => ensureBuilt());

// The starter's kind of sink: a .mjs sink may start no process (the permission model), so the detaching is --sink-cmd's.
const PLAIN_SINK = `
export async function write(db, request) {
  await db.run('UPDATE resource SET value = ? WHERE id = 1', request.value);
  return { accepted: true };
}
`;

/** Never healthy; its setsid'd grandchildren hold the tutor's pipes. */
const DETACHING_CMD = "setsid sh -c 'sleep 1000 & sleep 1000' & sleep 1000";

interface Trial {
  name: string;
  args: (work: string) => string[];
  /** The moment to kill: a process of the runner that matches. */
  moment: (p: { cmdline: string; state: string }) => boolean;
  /** A tool the trial needs on PATH. */
  needs?: string;
}

const exerciseArgs = (work: string) => ['exercise', 'check', 'fence-the-sink', '--dir', work, '--json'];

const TRIALS: Trial[] = [
  { name: 'exercise check, once its sink started', args: exerciseArgs, moment: (p) => p.cmdline.includes('exercise-sink') },
  {
    // A .mjs sink may start no process (Node's permission model): a --sink-cmd sink may.
    name: 'exercise check --sink-cmd, once the learner detached a grandchild',
    args: (work) => ['exercise', 'check', 'fence-the-sink', '--dir', work, '--json', '--sink-cmd', DETACHING_CMD],
    moment: (p) => p.cmdline.includes('sleep 1000'),
  },
  { name: 'exercise check, while the expiry runs', args: exerciseArgs, moment: (p) => p.cmdline.includes('lab-worker') },
  { name: 'lab embedded, once a worker started', args: () => ['lab', '--json', '--ttl', '1'], moment: (p) => p.cmdline.includes('lab-worker') },
  {
    name: 'lab failover (etcd members), once a member started',
    args: () => ['lab', '--json', '--ttl', '1', '--experiment', 'failover'],
    moment: (p) => p.cmdline.includes('etcd') && p.cmdline.includes('--name'),
    needs: 'etcd',
  },
  // A stopped worker cannot read the end of its stdin: only the guardian ends it.
  {
    name: 'lab embedded, while worker A is stopped',
    args: () => ['lab', '--json', '--ttl', '1'],
    moment: (p) => p.cmdline.includes('lab-worker') && p.state === 'T',
  },
];

describe.skipIf(!linux)('SIGKILL of the runner leaves nothing (issue 38)', { concurrent: true, timeout: 120_000 }, () => {
  it.for(TRIALS)('$name', async (trial, { expect, skip }) => {
    if (trial.needs && spawnSync('sh', ['-c', `command -v ${trial.needs}`]).status !== 0) {
      if (process.env.FENCE_REQUIRE_TOOLS === '1') throw new Error(`${trial.needs} is not installed (FENCE_REQUIRE_TOOLS=1)`);
      console.warn(`SKIPPED: ${trial.name} needs ${trial.needs}`);
      skip();
    }
    const base = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? '/tmp', 'guard-'));
    const tmp = mkdtempSync(join(base, 'tmp-'));
    const work = mkdtempSync(join(base, 'work-'));
    writeFileSync(join(work, 'sink.mjs'), PLAIN_SINK);
    copyFileSync(join(root, 'exercises/fence-the-sink/README.md'), join(work, 'README.md'));
    const env: NodeJS.ProcessEnv = { ...process.env, FENCE_TUTOR_HOME: join(base, 'home'), TMPDIR: tmp };
    delete env.CI;
    const runner = spawn(process.execPath, [bin, ...trial.args(work)], { env, stdio: 'ignore' });
    const pid = runner.pid!;
    let exited = false;
    runner.on('exit', () => {
      exited = true;
    });
    await waitUntil(() => exited || startedBy(pid).some(trial.moment), { every: 5, timeout: 60_000, what: `the moment of "${trial.name}"` });
    expect(exited, 'the runner ended before the moment to kill it').toBe(false);
    runner.kill('SIGKILL');
    await waitUntil(() => exited, { timeout: 10_000, what: 'the runner to die' });
    const left = () => ({ processes: startedBy(pid).map((p) => p.cmdline), dirs: readdirSync(tmp) });
    await waitUntil(() => left().processes.length === 0 && left().dirs.length === 0, { timeout: 20_000, what: 'nothing left' }).catch(() => undefined);
    expect(left()).toEqual({ processes: [], dirs: [] });
  });
});
