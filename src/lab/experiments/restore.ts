/**
 * A snapshot restore on a real single-member etcd (lessons 8 and 11). The
 * pinned sequence: A acquires and releases; the snapshot is saved while no
 * lock is held (one taken under a held lock would bring that holder's key
 * and lease back); B acquires, writes, releases; C acquires and writes, so
 * the fenced mark is C's; etcd is stopped and restored from the snapshot
 * into a new data dir and started again; D acquires and writes; C, which
 * still believes its token, writes late.
 *
 * etcdctl 3.4.23 restores the revision counter to the snapshot's, so D's
 * create revision is one already issued (B's). The same run feeds two token
 * modes: `revision` (the bare revision: D, the rightful holder, is refused
 * and C's late write passes) and `epoch` (`[epoch, revision]`, the epoch
 * raised by the restore step: D is accepted and C refused).
 */
import { join } from 'node:path';
import { memberStatus } from '../coordinator/etcd-members.js';
import { restoreArgs, restoreSnapshot, saveSnapshot } from '../coordinator/etcd-snapshot.js';
import type { LabContext } from '../runner/lab-context.js';
import { raiseEpoch, readEpoch, writeEpoch } from '../tokens/epoch-token.js';
import type { LabToken, ModeResult, WorkerName, WriteOutcome } from '../types.js';
import { check, type Experiment } from './experiment.js';

export const restore: Experiment = {
  name: 'restore',
  title: 'etcd restored from a snapshot reissues a token',
  modes: ['revision', 'epoch'],
  ownEtcd: { members: 1, needsEtcdctl: true },
  extraWorkers: ['C', 'D'],
  explanation: [
    'A acquired and released; a snapshot was saved while no lock was held; B and then C acquired and wrote. etcd was',
    'stopped and restored from the snapshot with `etcdctl snapshot restore` into a new data dir: the revision counter went',
    "back to the snapshot's, so D, the next holder, got a create revision already issued to B (volatile minting).",
    "revision mode (the token is the bare revision) refused D, the rightful holder, because its token was below C's mark,",
    "and accepted C's late write, whose token equalled the mark. epoch mode (the token is [epoch, revision], the epoch",
    'kept in a file and raised by the restore step) accepted D and refused C. Deployments on etcd 3.5.10 and later restore',
    'with `etcdutl snapshot restore --bump-revision N --mark-compacted` (etcdctl 3.4.27 and later has the same flags),',
    "which moves the counter past every revision issued since the snapshot; etcdctl 3.4.23, Debian's, has neither.",
  ],
  async run(ctx) {
    const members = ctx.world.members;
    const etcdctl = ctx.world.etcdctl;
    const member = members?.members[0];
    if (!members || !etcdctl || !member) throw new Error('restore needs its own etcd member and etcdctl');
    const epochFile = join(ctx.world.outDir, 'epoch');
    writeEpoch(epochFile, 0);
    const acquire = (name: WorkerName) => ctx.acquire(name, { epochFile });

    await acquire('A');
    await ctx.release('A');

    ctx.step('snapshot', 'started', 'saving a snapshot with etcdctl (no lock is held)');
    const snapshot = join(members.root, 'snapshot.db');
    await members.runTool((signal) => saveSnapshot(etcdctl, member.clientUrl, snapshot, signal));
    const snapshotRevision = (await memberStatus(member.clientUrl)).revision;
    ctx.observe({ actor: 'coordinator', kind: 'snapshot', note: `revision ${snapshotRevision}` });
    ctx.step('snapshot', 'done', `snapshot saved at revision ${snapshotRevision}`);

    await acquire('B');
    const bWrite = await writeBoth(ctx, 'B', 'B-current');
    await ctx.release('B');
    await acquire('C');
    const cWrite = await writeBoth(ctx, 'C', 'C-current');
    ctx.stop('C');
    const revisionBeforeRestore = (await memberStatus(member.clientUrl)).revision;

    ctx.step('restore', 'started', 'stopping etcd and restoring the snapshot into a new data dir');
    const restoreStarted = performance.now();
    await member.stop();
    const spec = {
      snapshot,
      dataDir: join(members.root, `${member.name}-restored`),
      name: member.name,
      peerUrl: member.peerUrl,
      initialCluster: members.initialCluster,
    };
    await members.runTool((signal) => restoreSnapshot(etcdctl, spec, signal));
    const epochBefore = readEpoch(epochFile);
    const epochAfter = raiseEpoch(epochFile);
    const restarted = await members.restart(0, spec.dataDir);
    const restoreMs = Math.round(performance.now() - restoreStarted);
    const revisionAfterRestore = (await memberStatus(restarted.clientUrl)).revision;
    ctx.observe({ actor: 'coordinator', kind: 'etcd-restored', note: `revision ${revisionAfterRestore}, epoch ${epochAfter}` });
    ctx.step(
      'restore',
      'done',
      `etcd restored (pid ${restarted.pid}) at revision ${revisionAfterRestore} (it was ${revisionBeforeRestore}); epoch raised to ${epochAfter}`,
    );

    await acquire('D');
    const dWrite = await writeBoth(ctx, 'D', 'D-current');
    const [cLateRevision, cLateEpoch] = await Promise.all(
      ctx.resumeWithWrites('C', [
        { mode: 'revision', value: 'C-late' },
        { mode: 'epoch', value: 'C-late', tokenMode: 'epoch' },
      ]),
    );
    ctx.step('late-write', 'done', `C's late write: ${bothModesWords(cLateRevision!.status, cLateEpoch!.status)}`);
    const [revisionFinal, epochFinal] = await Promise.all([ctx.final('revision'), ctx.final('epoch')]);

    const holders = ctx.holders;
    const rev = (n: WorkerName) => holders[n]?.token ?? Number.NaN;
    const pair = (n: WorkerName): [number, number] => [holders[n]?.epoch ?? 0, rev(n)];
    const names: WorkerName[] = ['A', 'B', 'C', 'D'];
    const revision: ModeResult = {
      tokens: Object.fromEntries(names.map((n) => [n, rev(n)])) as Record<WorkerName, LabToken>,
      bWrite: bWrite.revision,
      dWrite: dWrite.revision,
      lateWrite: cLateRevision!,
      final: revisionFinal,
    };
    const epoch: ModeResult = {
      tokens: Object.fromEntries(names.map((n) => [n, pair(n)])) as Record<WorkerName, LabToken>,
      bWrite: bWrite.epoch,
      dWrite: dWrite.epoch,
      lateWrite: cLateEpoch!,
      final: epochFinal,
    };
    const dPair = pair('D');
    const hwm = epochFinal.hwm;
    return {
      modes: { revision, epoch },
      restore: {
        snapshotRevision,
        revisionBeforeRestore,
        revisionAfterRestore,
        epochBefore,
        epochAfter,
        epochFile,
        restoreCommand: [etcdctl, ...restoreArgs(spec)],
        restoreMs,
      },
      checks: [
        check(cWrite.revision.accepted && cWrite.epoch.accepted, "C's writes were accepted in both modes before the restore"),
        check(rev('D') === rev('B'), `the restored etcd gave D revision ${rev('D')}, already issued to B (${rev('B')})`),
        check(revisionAfterRestore < revisionBeforeRestore, `the restore rewound etcd from revision ${revisionBeforeRestore} to ${revisionAfterRestore}`),
        check(dWrite.revision.status === 409, 'revision mode refused D, the rightful holder, with 409'),
        check(
          cLateRevision!.accepted && revisionFinal.value === 'C-late',
          "revision mode accepted C's late write (its token equalled the mark) and ends at C-late",
        ),
        check(dWrite.epoch.accepted, `epoch mode accepted D with ${dPair[0]}:${dPair[1]}`),
        check(cLateEpoch!.status === 409, "epoch mode refused C's late write with 409"),
        check(
          epochFinal.value === 'D-current' && Array.isArray(hwm) && hwm[0] === dPair[0] && hwm[1] === dPair[1],
          `epoch mode ends at D-current with mark ${dPair[0]}:${dPair[1]}`,
        ),
      ],
    };
  },
};

/** One writer's value to both token modes at once (independent rows). */
async function writeBoth(ctx: LabContext, name: WorkerName, value: string): Promise<{ revision: WriteOutcome; epoch: WriteOutcome }> {
  ctx.step('write-b', 'started', `${name} writes "${value}" in both token modes`);
  const [revision, epoch] = await Promise.all([ctx.write(name, { mode: 'revision', value }), ctx.write(name, { mode: 'epoch', value, tokenMode: 'epoch' })]);
  ctx.step('write-b', 'done', `${name} wrote "${value}": ${bothModesWords(revision.status, epoch.status)}`);
  return { revision, epoch };
}

/** An HTTP status as the sink's answer in words, the number after it ("accepted (200)"). */
function answerWords(status: number): string {
  return status === 200 ? 'accepted (200)' : status === 409 ? 'refused (409)' : `answered ${status}`;
}

/**
 * Both token modes' answers, each named as a mode: "revision mode accepted
 * (200), epoch mode refused (409)". A bare "revision 200, epoch 200" read as
 * revision numbers (issue 33).
 */
export function bothModesWords(revisionStatus: number, epochStatus: number): string {
  return `revision mode ${answerWords(revisionStatus)}, epoch mode ${answerWords(epochStatus)}`;
}
