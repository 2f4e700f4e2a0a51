/** The experiments as the Lab screen lists them. */
import type { ExperimentName } from '../../../lab/types.js';

export const LAB_EXPERIMENTS: { name: ExperimentName; title: string; blurb: string }[] = [
  { name: 'late-write', title: 'the late write', blurb: 'A is stopped, its lease expires, B writes, A writes late: plain vs fenced' },
  { name: 'split', title: 'a check outside the transaction', blurb: 'the comparison moved out of the transaction: atomic vs split' },
  { name: 'early', title: 'the stale write that comes first', blurb: "A's stale write reaches the sink before B does" },
  { name: 'restart', title: 'the sink restarts', blurb: "the sink is killed (SIGKILL) and restarted between B's write and A's" },
];
