import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PidfileContent, reapLeftovers } from '../../src/lab/processes/pidfile.js';
import { lanes } from '../helpers/lanes.js';
import { waitUntil } from '../helpers/wait-until.js';
import { ensureBuilt, stillAlive, tempHome, toolMissing } from './helpers.js';
import { interruptAtLine } from './interrupt-at-line.js';
import { watchPidfiles } from './watch-pidfiles.js';

const skip = toolMissing('etcd') || toolMissing('etcdctl');

beforeAll(() => ensureBuilt());

// Five runs at a time, as before the SIGKILL's run joined the phases: each starts three etcd members and five node processes.
const runSlot = lanes(5);

function interruptAt(home: string, experiment: string, line: RegExp, signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runSlot(() => interruptRun(home, experiment, line, signal));
}

// --ttl 1, etcd's shortest: no phase here depends on the lease's length.
function interruptRun(home: string, experiment: string, line: RegExp, signal: NodeJS.Signals) {
  return interruptAtLine(home, ['--experiment', experiment, '--ttl', '1'], line, signal);
}

const PHASES: [string, string, RegExp, NodeJS.Signals][] = [
  ['failover', 'while the cluster starts', /starting a throwaway 3-member etcd cluster/, 'SIGINT'],
  ['failover', 'while A is stopped, before the kill', /A stopped \(SIGSTOP\)/, 'SIGTERM'],
  ['failover', 'during the election', /waiting for the survivors to elect/, 'SIGINT'],
  ['failover', "while waiting for A's lease to run out", /waiting to see the lock gone/, 'SIGTERM'],
  ['failover', 'once B holds the lock', /B \(pid \d+\) holds the lock/, 'SIGINT'],
  ['restore', 'while the member starts', /starting a throwaway etcd member/, 'SIGTERM'],
  ['restore', 'while the snapshot is saved', /saving a snapshot/, 'SIGINT'],
  ['restore', 'while C is stopped', /C stopped \(SIGSTOP\)/, 'SIGTERM'],
  ['restore', 'during the restore', /stopping etcd and restoring the snapshot/, 'SIGINT'],
  ['restore', 'once D holds the lock', /D \(pid \d+\) holds the lock/, 'SIGTERM'],
];

// Concurrent, and so is the SIGKILL describe below beside it: each run has
// its own data dir, temp dirs and free ports, and mostly waits (members
// starting, elections, the lease); one after another the eleven runs took
// 35 s. The limit allows for runs side by side, and for a test's wait for a lane.
describe.skipIf(skip)('interrupting failover and restore in each phase', { concurrent: true, timeout: 120_000 }, () => {
  it.each(PHASES)('%s, %s (%s): nothing left', async (experiment, _phase, line, signal) => {
    const home = tempHome();
    const watch = watchPidfiles(home);
    const { code, stdout, stderr } = await interruptAt(home, experiment, line, signal);
    watch.stop();
    // A run that ended before the phase says why on stderr.
    expect(stdout, `exit ${code}; stderr: ${stderr}`).toMatch(line);
    expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(watch.roles.has('etcd')).toBe(true);
    expect(await stillAlive([...watch.pids])).toEqual([]);
    for (const dir of watch.dirs) expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});

describe.skipIf(skip)('SIGKILL of the runner during failover', { concurrent: true, timeout: 120_000 }, () => {
  it('the members end with it (the guardian, issue 38), their data dirs go, and the next run clears the pidfile', async ({ expect }) => {
    const home = tempHome();
    const watch = watchPidfiles(home);
    const { code } = await interruptAt(home, 'failover', /waiting to see the lock gone/, 'SIGKILL');
    watch.stop();
    expect(code).toBeNull();
    const pidfiles = readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'));
    expect(pidfiles).toHaveLength(1);
    const recorded = JSON.parse(readFileSync(join(home, 'run', pidfiles[0]!), 'utf8')) as PidfileContent;
    expect(recorded.children.filter((c) => c.role === 'etcd')).toHaveLength(3);
    // Nothing waits for a next run: the members (their own process group) and every other child end by themselves.
    expect(await stillAlive([...watch.pids], 10_000)).toEqual([]);
    await waitUntil(() => [...watch.dirs].every((dir) => !existsSync(dir)), { timeout: 10_000, what: "the members' data dirs to be removed" });
    // The pidfile is the second line: reaping it now ends nothing more and removes it.
    await reapLeftovers(join(home, 'run'));
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});
