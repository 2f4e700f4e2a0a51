/** What an experiment is: a title, the sink modes it compares, a script, and its checks. */
import type { AcquireOptions, Holder, LabContext } from '../runner/lab-context.js';
import type { EnsembleFailoverEvidence, ExperimentName, FailoverEvidence, ModeResult, RestoreEvidence, SinkMode, WorkerName } from '../types.js';

export interface Check {
  ok: boolean;
  text: string;
}

export interface ExperimentOutcome {
  modes: Partial<Record<SinkMode, ModeResult>>;
  checks: Check[];
  failover?: FailoverEvidence;
  ensembleFailover?: EnsembleFailoverEvidence;
  restore?: RestoreEvidence;
}

export interface Experiment {
  name: ExperimentName;
  title: string;
  modes: SinkMode[];
  /**
   * Experiments that act on etcd itself start their own members (never the
   * embedded coordinator, never --etcd-endpoints): how many, and whether
   * etcdctl is needed too.
   */
  ownEtcd?: { members: number; needsEtcdctl?: boolean };
  /** Starts its own ZooKeeper ensemble of this many members instead of one server (failover on ZooKeeper). */
  ensemble?: { members: number };
  /** Workers beyond A and B that the experiment drives. */
  extraWorkers?: WorkerName[];
  /** What a learner should take away; goes into report.txt. */
  explanation: string[];
  run(ctx: LabContext): Promise<ExperimentOutcome>;
}

export function check(ok: boolean, text: string): Check {
  return { ok, text };
}

/** A's token below B's: the coordinator handed out a newer generation. */
export function tokenCheck(ctx: LabContext): Check {
  const [holderA, holderB] = [ctx.holders.A, ctx.holders.B];
  if (holderA?.token === null && holderB?.token === null) {
    return check(
      holderA.lockValue !== holderB.lockValue,
      `no tokens: A's and B's locks are random values (${holderA.lockValue} and ${holderB.lockValue}), which no sink can order`,
    );
  }
  const a = ctx.holders.A?.token ?? Number.NaN;
  const b = ctx.holders.B?.token ?? Number.NaN;
  // Compared as the coordinator gave them (ZooKeeper's czxid whole: its order is the pair's), shown as the conventions say.
  return check(b > a, `B's token ${ctx.shownToken(b)} is above A's ${ctx.shownToken(a)}`);
}

/**
 * The prelude the experiments share: A takes the lock and is stopped
 * (SIGSTOP, so it sends no keepalive); then whatever the experiment does
 * while A is stopped (the failover kills the etcd leader here); then A's
 * lease expires and B takes the lock. Returns A's hold, read before the stop.
 */
export async function aStoppedThenB(
  ctx: LabContext,
  opts: { whileStopped?: (a: Holder) => Promise<void>; bAcquire?: () => AcquireOptions } = {},
): Promise<Holder> {
  const a = await ctx.acquire('A');
  ctx.stop('A');
  await opts.whileStopped?.(a);
  await ctx.waitForExpiry();
  await ctx.acquire('B', opts.bAcquire?.() ?? {});
  return a;
}
