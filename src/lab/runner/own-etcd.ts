/**
 * The etcd an experiment starts for itself (failover: three members;
 * restore: one, plus etcdctl). Both tools are looked for before anything
 * starts, so a missing one is a clear "cannot run here" (exit 2) with the
 * install hint; every member is in the pidfile from the moment it exists.
 */
import { findEtcd, findEtcdctl } from '../coordinator/find-coordinators.js';
import { type EtcdMembers, launchEtcdMembers } from '../coordinator/etcd-members.js';
import { installHint } from '../tools.js';
import type { Experiment } from '../experiments/experiment.js';
import type { RunPidfile } from '../processes/pidfile.js';
import { type LabListener, LabUnavailableError } from '../types.js';

export interface OwnEtcdTools {
  bin: string;
  etcdctl?: string;
}

/** The tools an experiment needs, or a LabUnavailableError with the install hint (checked before anything starts). */
export function ownEtcdTools(experiment: Experiment, etcdBin?: string): OwnEtcdTools {
  const bin = findEtcd(etcdBin);
  if (!bin) {
    throw new LabUnavailableError(etcdBin ? `${etcdBin} is not an executable etcd. ${installHint('etcd')}` : installHint('etcd'));
  }
  const etcdctl = experiment.ownEtcd?.needsEtcdctl ? findEtcdctl(etcdBin) : undefined;
  if (experiment.ownEtcd?.needsEtcdctl && !etcdctl) throw new LabUnavailableError(installHint('etcdctl'));
  return { bin, ...(etcdctl ? { etcdctl } : {}) };
}

export async function startOwnEtcd(opts: {
  experiment: Experiment;
  tools: OwnEtcdTools;
  pidfile: RunPidfile;
  listener: LabListener;
  stopping: () => boolean;
  elapsed: () => number;
}): Promise<{ members: EtcdMembers; etcdctl?: string }> {
  const own = opts.experiment.ownEtcd;
  if (!own) throw new Error(`${opts.experiment.name} does not start its own etcd`);
  const { bin, etcdctl } = opts.tools;
  const what = own.members === 1 ? 'a throwaway etcd member' : `a throwaway ${own.members}-member etcd cluster`;
  opts.listener({ type: 'step', id: 'etcd', status: 'started', text: `starting ${what} on 127.0.0.1`, atMs: opts.elapsed() });
  const members = await launchEtcdMembers({
    bin,
    count: own.members,
    recorder: opts.pidfile,
    stopping: opts.stopping,
  });
  if (!opts.stopping()) {
    opts.listener({
      type: 'step',
      id: 'etcd',
      status: 'done',
      text: `${what} (pid ${members.members.map((m) => m.pid).join(', ')}) granting leases after ${Math.round(members.startMs)} ms`,
      atMs: opts.elapsed(),
    });
  }
  return { members, ...(etcdctl ? { etcdctl } : {}) };
}
