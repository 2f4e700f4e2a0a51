/**
 * Failover on a real three-member ZooKeeper ensemble (lesson 8), the
 * `failover` experiment with `--coordinator zookeeper`: A holds the lock (its
 * ephemeral sequential child, czxid under the first leader's epoch) and is
 * stopped; the member leading at that moment (asked with `srvr`, never
 * assumed) is killed with SIGKILL; the survivors elect a new leader (asked
 * again); A's session expires on the new leader, which deletes its child; B
 * connects to the survivors and creates its child under the new epoch. B's
 * token's epoch is above A's, and the fenced sink refuses A.
 */
import { ZooKeeperEnsemble, type EnsembleMember } from '../coordinator/zookeeper/zookeeper-ensemble.js';
import { serverState, ZOOKEEPER_TIMING } from '../coordinator/zookeeper/zookeeper-server.js';
import { delay } from '../processes/children.js';
import type { LabContext } from '../runner/lab-context.js';
import { reportedToken } from '../tokens/lab-token.js';
import { type EnsembleFailoverEvidence, LabAbortedError } from '../types.js';
import { bWritesThenALate } from './b-then-late-a.js';
import { aStoppedThenB, check, type Experiment, tokenCheck } from './experiment.js';

const ELECTION_DEADLINE_MS = 15_000;

export const zookeeperFailover: Experiment = {
  name: 'failover',
  title: 'the ZooKeeper leader is killed while A is stopped',
  modes: ['plain', 'fenced'],
  ensemble: { members: 3 },
  explanation: [
    "A held the lock (its ephemeral sequential znode, whose czxid carries the first leader's epoch) and was stopped. The",
    'member leading the three-member ensemble was found with the srvr four-letter word and killed with SIGKILL. The two',
    'survivors elected a new leader under a new epoch. A new leader takes the sessions over from the replicated state and',
    "gives each a fresh timeout, so A's session expired about one session timeout after the election (the evidence says",
    "when), which deleted A's znode. B connected to the survivors and created its znode under the new epoch: B's czxid is",
    "above A's because its epoch is; its counter is the new leader's, which started again from 0. The simulator's durable",
    'failover keeps one counter running; ZooKeeper raises the epoch and numbers afresh under it, and the pair (epoch first)',
    "orders the same way. The fenced sink refused A's late write; the plain sink took it.",
  ],
  async run(ctx) {
    const ensemble = ctx.world.ensemble;
    if (!ensemble) throw new Error('failover on ZooKeeper needs the ensemble the run started');
    const seen: { failover?: Election } = {};
    await aStoppedThenB(ctx, {
      whileStopped: async () => {
        seen.failover = await killLeaderAndElect(ctx, ensemble);
      },
      bAcquire: () => ({ endpoints: [ZooKeeperEnsemble.connect(seen.failover?.survivors ?? [])] }),
    });
    const f = seen.failover;
    if (!f) throw new Error('failover: the leader was not replaced');
    const expirySeenAt = ctx.observations.find((o) => o.kind === 'expiry-observed')?.atMs ?? Number.NaN;
    const half = await bWritesThenALate(ctx);
    const [epochA, epochB] = [ctx.holders.A, ctx.holders.B].map((h) => {
      const token = reportedToken('zookeeper', h?.token ?? null);
      return Array.isArray(token) ? token[0] : Number.NaN;
    }) as [number, number];
    const sessionTimeoutMs = ctx.holders.A?.ttlMs ?? ctx.grantedTtlMs;
    const expiredAfterElectionMs = Math.round(expirySeenAt - f.electedAtMs);
    const evidence: EnsembleFailoverEvidence = {
      settings: { ...ZOOKEEPER_TIMING },
      members: ensemble.members.map((m) => ({
        id: m.id,
        pid: m.process.pid,
        clientPort: m.clientPort,
        quorumPort: m.quorumPort,
        electionPort: m.electionPort,
      })),
      leaderBefore: f.leader.id,
      leaderAfter: f.elected.id,
      killedPid: f.leader.process.pid,
      epochBefore: f.epochBefore,
      epochAfter: f.epochAfter,
      electionMs: f.electionMs,
      aSession: {
        id: ctx.holders.A?.leaseId ?? '',
        timeoutMs: sessionTimeoutMs,
        expiredAfterGrantMs: Math.round(expirySeenAt - (ctx.holders.A?.atMs ?? 0)),
        expiredAfterKillMs: Math.round(expirySeenAt - f.killedAtMs),
        expiredAfterElectionMs,
      },
      bConnect: ZooKeeperEnsemble.connect(f.survivors),
    };
    return {
      modes: half.modes,
      ensembleFailover: evidence,
      checks: [
        check(f.elected.id !== f.leader.id, `a new leader (member ${f.elected.id}) replaced the killed one (member ${f.leader.id})`),
        check(f.epochAfter > f.epochBefore, `the leader epoch rose from ${f.epochBefore} to ${f.epochAfter} (srvr's zxid)`),
        check(epochB > epochA, `B's token's epoch ${epochB} is above A's ${epochA}`),
        tokenCheck(ctx),
        ...half.checks,
      ],
    };
  },
};

interface Election {
  leader: EnsembleMember;
  elected: EnsembleMember;
  survivors: EnsembleMember[];
  epochBefore: number;
  epochAfter: number;
  killedAtMs: number;
  electedAtMs: number;
  electionMs: number;
}

/** Asks every member who leads, kills that one (SIGKILL), and waits for the survivors to name a new leader. */
async function killLeaderAndElect(ctx: LabContext, ensemble: ZooKeeperEnsemble): Promise<Election> {
  const { leader, epoch: epochBefore } = await findLeader(ensemble.members);
  const survivors = ensemble.members.filter((m) => m !== leader);
  ctx.step('kill-leader', 'started', `member ${leader.id} leads (srvr, epoch ${epochBefore}); killing it with SIGKILL`);
  const killedAt = performance.now();
  const killedAtMs = ctx.now();
  leader.process.kill('SIGKILL');
  await leader.process.exited;
  ctx.observe({ actor: 'coordinator', kind: 'leader-killed', note: `member ${leader.id} (pid ${leader.process.pid})` });
  ctx.step('kill-leader', 'done', `member ${leader.id} (pid ${leader.process.pid}), the leader, killed with SIGKILL`);

  ctx.step('election', 'started', 'waiting for the survivors to elect a new leader');
  const elected = await awaitNewLeader(ctx, survivors);
  const electionMs = Math.round(performance.now() - killedAt);
  const electedAtMs = ctx.now();
  // The runner's own session may have been on the killed member: it answers again before anyone asks it.
  await answering(ctx);
  ctx.observe({ actor: 'coordinator', kind: 'leader-elected', note: `member ${elected.member.id}` });
  ctx.step('election', 'done', `member ${elected.member.id} leads after ${electionMs} ms, epoch ${elected.epoch} (was ${epochBefore})`);
  return {
    leader,
    elected: elected.member,
    survivors,
    epochBefore,
    epochAfter: elected.epoch,
    killedAtMs,
    electedAtMs,
    electionMs,
  };
}

/** The one member whose srvr says leader, while the others say follower; its epoch from its zxid. */
async function findLeader(members: EnsembleMember[]): Promise<{ leader: EnsembleMember; epoch: number }> {
  const states = await Promise.all(members.map(async (m) => ({ member: m, state: await serverState(m.clientPort) })));
  const leaders = states.filter((s) => s.state?.mode === 'leader');
  if (leaders.length !== 1 || states.some((s) => s.state?.mode !== 'leader' && s.state?.mode !== 'follower')) {
    throw new Error(`the members do not agree on a leader: ${states.map((s) => `${s.member.id}: ${s.state?.mode ?? 'no answer'}`).join(', ')}`);
  }
  const { member, state } = leaders[0]!;
  return { leader: member, epoch: Number(state!.zxid >> 32n) };
}

/** Polls the survivors until one says leader and the others follow it. */
async function awaitNewLeader(ctx: LabContext, survivors: EnsembleMember[]): Promise<{ member: EnsembleMember; epoch: number }> {
  const deadline = performance.now() + ELECTION_DEADLINE_MS;
  for (;;) {
    if (ctx.world.stopping()) throw new LabAbortedError();
    const states = await Promise.all(survivors.map(async (m) => ({ member: m, state: await serverState(m.clientPort, 300) })));
    const leaders = states.filter((s) => s.state?.mode === 'leader');
    if (leaders.length === 1 && states.every((s) => s.state?.mode === 'leader' || s.state?.mode === 'follower')) {
      return { member: leaders[0]!.member, epoch: Number(leaders[0]!.state!.zxid >> 32n) };
    }
    if (performance.now() > deadline) throw new Error(`no new leader ${ELECTION_DEADLINE_MS} ms after the leader was killed`);
    await delay(10);
  }
}

/** Bounded: the runner's client reconnects by itself to a survivor. */
async function answering(ctx: LabContext): Promise<void> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (ctx.world.stopping()) throw new LabAbortedError();
    try {
      await ctx.world.coordinator.isHeld(ctx.world.lockKey);
      return;
    } catch (err) {
      if (performance.now() > deadline) throw err;
      await delay(20);
    }
  }
}
