import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findZooKeeper } from '../../src/lab/coordinator/zookeeper/zookeeper-server.js';
import type { LabResult } from '../../src/lab/types.js';
import { lanes } from '../helpers/lanes.js';
import { ensureBuilt, root, runCli, stillAlive, tempHome, toolMissing } from './helpers.js';
import { interruptAtLine } from './interrupt-at-line.js';
import { leftovers } from './leftovers.js';
import { watchPidfiles } from './watch-pidfiles.js';

// toolMissing('java') is the guard scripts/tool-budget.mjs counts as ZooKeeper; the jar is looked for beside it.
const skip = toolMissing('java') || (findZooKeeper() === undefined && process.env.FENCE_REQUIRE_TOOLS !== '1');
if (skip) console.warn('\n*** SKIPPING the ZooKeeper failover tests: it is not installed (apt-get install zookeeper) ***\n');

beforeAll(() => ensureBuilt());

/** The run lesson 8 ("Real counterparts") states under its zookeeper-failover comment: A's and B's tokens, and the status A's late write got. */
function lessonFailoverRun(): { A: [number, number]; B: [number, number]; refused: number } {
  const text = readFileSync(join(root, 'lessons', '08-failover-monotonicity.md'), 'utf8');
  const at = text.indexOf('<!-- zookeeper-failover:');
  expect(at, 'lesson 8 states a ZooKeeper failover run').toBeGreaterThan(0);
  const paragraph = text.slice(at).split('\n\n')[0]!.replace(/\s+/g, ' ');
  const token = (re: RegExp): [number, number] => {
    const m = paragraph.match(re);
    expect(m, `lesson 8's run paragraph matches ${re}`).not.toBeNull();
    return [Number(m![1]), Number(m![2])];
  };
  const refused = paragraph.match(/refused A's late write \((\d+)\)/);
  expect(refused, "lesson 8 says what the fenced sink did with A's late write").not.toBeNull();
  return { A: token(/A's token was `(\d+):(\d+)`/), B: token(/B's, created under the new leader, was `(\d+):(\d+)`/), refused: Number(refused![1]) };
}

const ensembleSlot = lanes(2);

describe.skipIf(skip)('failover on a ZooKeeper ensemble', { concurrent: true, timeout: 180_000 }, () => {
  it("B's token's epoch is above A's, the fenced sink rejects A, A's session's end is reported; nothing left", async ({ expect }) => {
    const home = tempHome('lab-zk-failover-');
    const run = await ensembleSlot(() =>
      runCli(['lab', '--json', '--experiment', 'failover', '--coordinator', 'zookeeper', '--ttl', '1'], { FENCE_TUTOR_HOME: home }, 120_000),
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as LabResult;
    expect(result.verdict, JSON.stringify(result.checks)).toBe('expected');
    const [epochA] = result.tokens.A as [number, number];
    const [epochB] = result.tokens.B as [number, number];
    expect(epochB).toBeGreaterThan(epochA);
    expect(result.modes.fenced?.lateWrite?.status).toBe(409);
    expect(result.modes.plain?.final.value).toBe('A-late');
    // Lesson 8 states one such run: its tokens are epoch:counter, B's epoch above A's as here, and A refused as here.
    const stated = lessonFailoverRun();
    expect(stated.B[0]).toBeGreaterThan(stated.A[0]);
    expect(stated.refused).toBe(result.modes.fenced?.lateWrite?.status);
    const f = result.ensembleFailover!;
    expect(f.members).toHaveLength(3);
    expect(f.leaderAfter).not.toBe(f.leaderBefore);
    expect(f.epochAfter).toBeGreaterThan(f.epochBefore);
    expect([f.epochBefore, f.epochAfter]).toEqual([epochA, epochB]);
    expect(f.settings).toEqual({ tickTimeMs: 200, initLimit: 25, syncLimit: 10, heap: '128m' });
    // A's session: observed gone after the election (the new leader renews session timeouts), never before a timeout from A's grant.
    expect(f.aSession.timeoutMs).toBe(1000);
    expect(f.aSession.expiredAfterGrantMs).toBeGreaterThanOrEqual(f.aSession.timeoutMs);
    expect(f.aSession.expiredAfterElectionMs).toBeGreaterThan(0);
    // B connected to the survivors only.
    const killed = f.members.find((m) => m.id === f.leaderBefore)!;
    expect(f.bConnect.split(',')).toHaveLength(2);
    expect(f.bConnect).not.toContain(`:${killed.clientPort}`);
    // The ensemble's start is reported apart, and left out of durationMs.
    expect(result.serverStartMs).toBeGreaterThan(0);
    expect(result.durationMs).toBeGreaterThan(0);
    for (const file of ['run.json', 'report.txt', 'timeline.txt', 'sink.sqlite']) expect(existsSync(join(result.outDir, file))).toBe(true);
    const report = readFileSync(join(result.outDir, 'report.txt'), 'utf8');
    expect(report).toContain('settings: tickTime 200 ms, initLimit 25, syncLimit 10 (ticks), JVM heap 128m');
    expect(report).toContain(`leader before member ${f.leaderBefore}, epoch ${f.epochBefore}`);
    expect(await stillAlive(f.members.map((m) => m.pid))).toEqual([]);
    expect(await leftovers(home)).toEqual([]);
  });

  it('--zookeeper-connect with failover: refused in one line, exit 2, nothing started', async ({ expect }) => {
    const run = await runCli(['lab', '--experiment', 'failover', '--coordinator', 'zookeeper', '--zookeeper-connect', '127.0.0.1:2181'], {
      FENCE_TUTOR_HOME: tempHome('lab-zk-failover-'),
    });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('leave out --zookeeper-connect');
  });
});

function interruptRun(home: string, line: RegExp, signal: NodeJS.Signals) {
  return interruptAtLine(home, ['--experiment', 'failover', '--coordinator', 'zookeeper', '--ttl', '1'], line, signal);
}

const PHASES: [string, RegExp, NodeJS.Signals][] = [
  ['while the ensemble starts', /starting a throwaway 3-member ZooKeeper ensemble/, 'SIGINT'],
  ['while A is stopped, before the kill', /A stopped \(SIGSTOP\)/, 'SIGTERM'],
  ['during the election', /waiting for the survivors to elect/, 'SIGINT'],
  ["while waiting for A's session to expire", /waiting to see the lock gone/, 'SIGTERM'],
  ['once B holds the lock', /B \(pid \d+\) holds the lock/, 'SIGINT'],
];

describe.skipIf(skip)('interrupting failover on ZooKeeper in each phase', { concurrent: true, timeout: 180_000 }, () => {
  it.each(PHASES)('%s (%s): nothing left', async (_phase, line, signal) => {
    const home = tempHome('lab-zk-failover-');
    const watch = watchPidfiles(home);
    const { code, stdout, stderr } = await ensembleSlot(() => interruptRun(home, line, signal));
    watch.stop();
    // A run that ended before the phase says why on stderr.
    expect(stdout, `exit ${code}; stderr: ${stderr}`).toMatch(line);
    expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(watch.roles.has('zookeeper')).toBe(true);
    expect(await stillAlive([...watch.pids])).toEqual([]);
    for (const dir of watch.dirs) expect(existsSync(dir)).toBe(false);
    expect(readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'))).toEqual([]);
  });
});
