/**
 * Failover on a real three-member etcd cluster (lesson 8): A holds the lock
 * and is stopped; the member that leads at that moment (asked, never
 * assumed) is killed with SIGKILL; a new leader is elected; A's lock goes
 * once its lease runs out on the new leader; B acquires through a surviving
 * member. etcd's revisions were replicated before the leader died, so B's
 * token is still above A's: durable minting, and the fenced sink refuses
 * A's late write.
 */
import { EtcdClient } from '../coordinator/etcd-client.js';
import { type EtcdMember, type EtcdMembers, type leaseTimeToLive, leaseTimeToLiveOnClock, memberStatus } from '../coordinator/etcd-members.js';
import { delay } from '../processes/children.js';
import type { LabContext } from '../runner/lab-context.js';
import { LabAbortedError } from '../types.js';
import { bWritesThenALate } from './b-then-late-a.js';
import { aStoppedThenB, check, type Experiment, tokenCheck } from './experiment.js';

const ELECTION_DEADLINE_MS = 10_000;

export const failover: Experiment = {
  name: 'failover',
  title: 'the etcd leader is killed while A is stopped',
  modes: ['plain', 'fenced'],
  ownEtcd: { members: 3 },
  explanation: [
    "A held the lock and was stopped. The member leading the three-member cluster was found through the gateway's",
    "maintenance status and killed with SIGKILL. The two survivors elected a new leader; etcd's new leader gives every",
    "lease a fresh TTL when it takes over, so A's lock outlived the election by about one TTL (the evidence shows A's",
    'lease TTL read before and after). B then acquired through a surviving member. Every revision had been replicated to',
    "a majority before it was acknowledged, so B's token is above A's: the counter is durable across failover, which is",
    "the simulator's durable minting. The fenced sink refused A's late write; the plain sink took it.",
  ],
  async run(ctx) {
    const members = ctx.world.members;
    if (!members) throw new Error('failover needs its own etcd cluster');
    // While A is stopped the leader dies and the survivors elect another; B then acquires through a survivor.
    const seen: { failover?: Failover } = {};
    await aStoppedThenB(ctx, {
      whileStopped: async (a) => {
        seen.failover = await killLeaderAndElect(ctx, members, a.leaseId);
      },
      bAcquire: () => ({ endpoints: [seen.failover?.survivors[0]?.clientUrl ?? ''] }),
    });
    const f = seen.failover;
    if (!f) throw new Error('failover: the leader was not replaced');
    const { leader, elected, electionMs, before, after } = f;
    const bEndpoint = f.survivors[0]!.clientUrl;

    const half = await bWritesThenALate(ctx);
    return {
      modes: half.modes,
      failover: {
        members: await Promise.all(
          members.members.map(async (m) => ({
            name: m.name,
            memberId: m === leader.member ? leader.id : (await memberStatus(m.clientUrl)).memberId,
            pid: m.pid,
            clientUrl: m.clientUrl,
          })),
        ),
        leaderBefore: leader.member.name,
        leaderAfter: elected.member.name,
        killedMember: leader.member.name,
        killedPid: leader.member.pid,
        electionMs,
        leaseTtlBeforeS: before.ttlS,
        leaseTtlAfterS: after.ttlS,
        grantedTtlS: before.grantedS,
        bEndpoint,
      },
      checks: [
        check(elected.member !== leader.member, `a new leader (${elected.member.name}) replaced the killed one (${leader.member.name})`),
        tokenCheck(ctx),
        ...half.checks,
      ],
    };
  },
};

interface Failover {
  leader: Leading;
  elected: Leading;
  survivors: EtcdMember[];
  electionMs: number;
  before: Awaited<ReturnType<typeof leaseTimeToLive>>;
  after: Awaited<ReturnType<typeof leaseTimeToLive>>;
}

/** Kills the leader (SIGKILL), waits for the survivors to elect another, and points the runner at the survivors. */
async function killLeaderAndElect(ctx: LabContext, members: EtcdMembers, leaseId: string): Promise<Failover> {
  const before = await leaseTimeToLiveOnClock(members.endpoints[0]!, leaseId);
  const leader = await findLeader(members.members);
  const survivors = members.members.filter((m) => m !== leader.member);

  ctx.step('kill-leader', 'started', `${leader.member.name} leads (member id ${leader.id}); killing it with SIGKILL`);
  const killedAt = performance.now();
  leader.member.kill('SIGKILL');
  await leader.member.exited;
  ctx.observe({ actor: 'coordinator', kind: 'leader-killed', note: `${leader.member.name} (pid ${leader.member.pid})` });
  ctx.step('kill-leader', 'done', `${leader.member.name} (pid ${leader.member.pid}), the leader, killed with SIGKILL`);

  ctx.step('election', 'started', 'waiting for the survivors to elect a new leader');
  const elected = await awaitNewLeader(ctx, survivors, leader.id);
  const electionMs = Math.round(performance.now() - killedAt);
  // Read once the new leader has taken the leases over: until then it reports them as never expiring.
  const after = await leaseTimeToLiveOnClock(elected.member.clientUrl, leaseId);
  ctx.observe({ actor: 'coordinator', kind: 'leader-elected', note: elected.member.name });
  ctx.step('election', 'done', `${elected.member.name} leads after ${electionMs} ms; A's lease TTL read ${before.ttlS} s before, ${after.ttlS} s after`);
  // From here the runner asks the survivors only.
  ctx.world.coordinator = new EtcdClient(survivors.map((m) => m.clientUrl));
  return { leader, elected, survivors, electionMs, before, after };
}

interface Leading {
  member: EtcdMember;
  id: string;
}

/** The leader as the members report it; every running member must agree on one that is among them. */
async function findLeader(members: EtcdMember[]): Promise<Leading> {
  const statuses = await Promise.all(members.map(async (m) => ({ member: m, status: await memberStatus(m.clientUrl) })));
  const leaderId = statuses[0]?.status.leader;
  const leader = statuses.find((s) => s.status.memberId === leaderId);
  if (!leaderId || leaderId === '0' || !leader || statuses.some((s) => s.status.leader !== leaderId)) {
    throw new Error(`the members do not agree on a leader: ${statuses.map((s) => `${s.member.name}→${s.status.leader}`).join(', ')}`);
  }
  return { member: leader.member, id: leaderId };
}

/** Polls the survivors until one reports a leader other than the killed one, and that leader is a survivor. */
async function awaitNewLeader(ctx: LabContext, survivors: EtcdMember[], oldId: string): Promise<Leading> {
  const deadline = performance.now() + ELECTION_DEADLINE_MS;
  for (;;) {
    if (ctx.world.stopping()) throw new LabAbortedError();
    const statuses = await Promise.all(
      survivors.map((m) =>
        memberStatus(m.clientUrl, 300).then(
          (status) => ({ member: m, status }),
          () => undefined,
        ),
      ),
    );
    for (const s of statuses) {
      const leaderId = s?.status.leader;
      if (!s || !leaderId || leaderId === '0' || leaderId === oldId) continue;
      const leader = statuses.find((x) => x?.status.memberId === leaderId);
      if (leader) return { member: leader.member, id: leaderId };
    }
    if (performance.now() > deadline) throw new Error(`no new leader ${ELECTION_DEADLINE_MS} ms after the leader was killed`);
    await delay(10);
  }
}
