/**
 * Exercise 2: break the sink on purpose. The comparison moves out of the
 * transaction; the check passes once the adversary shows the stale write
 * winning and the mark lowered (the lab's split experiment, in your code).
 */
import { accepted, type CheckSpec, finalIs, show, write } from '../scenario.js';

const stillRefusesLate: CheckSpec = {
  id: 'still-refuses-late',
  title: "a late write that arrives after B's is still refused",
  hint: 'Splitting the check does not remove it: a write that arrives after the mark was raised must still be compared and refused.',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) => (accepted(run, 1) !== false ? `A's late write with token ${t.A} was accepted after B's` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `A's token ${t.A} refused when it arrives after B's ${t.B}`,
};

const staleWriteWins: CheckSpec = {
  id: 'stale-write-wins',
  title: 'the adversary finds the moment between your check and your write',
  hint: "While your comparison and your update sit in one transaction, no write can land between them. Where must A's request be held for B's whole write to fit in between?",
  scenario: (t) => [{ send: [write('A', 'A-late', t.A), write('B', 'B-current', t.B)] }],
  mode: 'some',
  judge: (run, t) => {
    if (accepted(run, 0) !== true || accepted(run, 1) !== true)
      return `not both writes were accepted (A ${accepted(run, 0) ? 'accepted' : 'refused'}, B ${accepted(run, 1) ? 'accepted' : 'refused'})`;
    if (run.final.value !== 'A-late') return `the sink ended at ${show(run.final.value)}: B's write landed last`;
    if (run.final.mark !== t.A) return `A-late won, but the mark is ${run.final.mark}, not lowered to A's ${t.A}`;
    return null;
  },
  passed: (t) => `A's stale write landed after B's and the mark fell back from ${t.B} to ${t.A}`,
};

export const SPLIT_THE_CHECK: CheckSpec[] = [stillRefusesLate, staleWriteWins];
