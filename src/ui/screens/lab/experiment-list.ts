/** The experiments as the Lab screen lists them, with the system tools each one needs. */
import { EXPERIMENT_TOOLS, type LabTool } from '../../../lab/tools.js';
import type { ExperimentName } from '../../../lab/types.js';

export const LAB_EXPERIMENTS: { name: ExperimentName; title: string; blurb: string; needs?: LabTool[] }[] = [
  { name: 'late-write', title: 'the late write', blurb: 'A is stopped, its lease expires, B writes, A writes late: plain vs fenced' },
  { name: 'split', title: 'a check outside the transaction', blurb: 'the comparison moved out of the transaction: atomic vs split' },
  { name: 'early', title: 'the stale write that comes first', blurb: "A's stale write reaches the sink before B does" },
  { name: 'restart', title: 'the sink restarts', blurb: "the sink is killed (SIGKILL) and restarted between B's write and A's" },
  {
    name: 'failover',
    title: 'the etcd leader dies',
    blurb: 'three etcd members; the leader is killed (SIGKILL) while A is stopped; B acquires through a survivor',
    needs: EXPERIMENT_TOOLS.failover,
  },
  {
    name: 'restore',
    title: 'a snapshot restore',
    blurb: 'etcd restored from a snapshot hands out a revision twice: revision vs epoch tokens',
    needs: EXPERIMENT_TOOLS.restore,
  },
];
