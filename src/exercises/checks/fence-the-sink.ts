/**
 * Exercise 1: a plain sink to fence. A's token is the stale holder's, B's
 * the new holder's (A < B), both from the real expiry.
 */
import { accepted, type CheckSpec, finalIs, write } from '../scenario.js';

export const staleRejected: CheckSpec = {
  id: 'stale-rejected',
  title: "A's late write is refused after B's",
  hint: "Once B has written with its token, what must the sink remember so it can tell that A's token belongs to an older holder?",
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) =>
    accepted(run, 0) !== true
      ? `B's write with token ${t.B} was refused`
      : accepted(run, 1) !== false
        ? `A's write with the older token ${t.A} was accepted after B's with ${t.B}`
        : finalIs(run, 'B-current', t.B),
  passed: (t) => `A's token ${t.A} refused after B's ${t.B}; the sink stays at "B-current" with mark ${t.B}`,
};

export const equalAccepted: CheckSpec = {
  id: 'equal-accepted',
  title: 'a second write with the same token is accepted',
  hint: 'The holder of the current token may write more than once. Which comparison refuses only tokens older than the mark?',
  scenario: (t) => [{ send: [write('B', 'B-1', t.B)] }, { send: [write('B', 'B-2', t.B)] }],
  judge: (run, t) =>
    accepted(run, 0) !== true || accepted(run, 1) !== true
      ? `B wrote twice with token ${t.B}: ${run.answers.map((a) => (a?.accepted ? 'accepted' : 'refused')).join(', ')}`
      : finalIs(run, 'B-2', t.B),
  passed: (t) => `both of B's writes with token ${t.B} were accepted`,
};

export const noTokenRefused: CheckSpec = {
  id: 'no-token-refused',
  title: 'a write with no token is refused',
  hint: 'A writer that sends no token cannot be placed in any generation. What does a fence owe a request it cannot judge?',
  scenario: () => [{ send: [write('A', 'no-token', null)] }],
  judge: (run) => (accepted(run, 0) !== false ? 'the write with no token was accepted' : finalIs(run, null, null)),
  passed: () => 'the write with no token was refused and nothing changed',
};

export const oneTransaction: CheckSpec = {
  id: 'one-transaction',
  title: "B's write and A's late write in flight together",
  hint: 'The adversary can run the other request between any two of your database calls. Which of your calls must happen with no other write in between?',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B), write('A', 'A-late', t.A)] }],
  judge: (run, t) => (accepted(run, 0) !== true ? `B's write with token ${t.B} was refused` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `every interleaving ends at "B-current" with mark ${t.B}`,
};

export const FENCE_THE_SINK: CheckSpec[] = [staleRejected, equalAccepted, noTokenRefused, oneTransaction];
