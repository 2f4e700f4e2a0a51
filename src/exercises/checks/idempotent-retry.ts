/**
 * Exercise 5: the sink appends each write's value, so a repeated effect
 * shows. A retry (same request id, same token) must have one effect; a new
 * operation under the same token must still apply. Fencing gives neither.
 */
import { accepted, type CheckSpec, finalIs, write } from '../scenario.js';

const retryOnce: CheckSpec = {
  id: 'retry-once',
  title: 'a retry of the same request has one effect, and is answered accepted',
  hint: 'The sink cannot tell a retry from a new write by its token or value. What does a retry carry that a new operation does not share?',
  scenario: (t) => [{ send: [write('B', 'B-1', t.B, 'B-1')] }, { send: [write('B', 'B-1', t.B, 'B-1')] }],
  judge: (run) =>
    accepted(run, 0) !== true || accepted(run, 1) !== true
      ? `the retry was answered ${accepted(run, 1) ? 'accepted' : 'refused'}: the client could not tell its write had landed`
      : finalIs(run, 'B-1', null),
  passed: () => 'the retry was answered accepted and the value holds "B-1" once',
};

const newOperationApplies: CheckSpec = {
  id: 'new-op-applies',
  title: 'a new operation under the same token still applies',
  hint: 'B may send many different writes with one token. Which part of the request tells them apart?',
  scenario: (t) => [{ send: [write('B', 'B-1', t.B, 'B-1')] }, { send: [write('B', 'B-2', t.B, 'B-2')] }],
  judge: (run) => (accepted(run, 1) !== true ? "B's second operation was refused" : finalIs(run, 'B-1,B-2', null)),
  passed: () => 'both of B\'s operations applied: "B-1,B-2"',
};

const staleStillRefused: CheckSpec = {
  id: 'stale-still-refused',
  title: "A's late write is still fenced",
  hint: 'Idempotency does not replace the fence: a new request id with an old token is still stale.',
  scenario: (t) => [{ send: [write('B', 'B-1', t.B, 'B-1')] }, { send: [write('A', 'A-late', t.A, 'A-1')] }],
  judge: (run, t) => (accepted(run, 1) !== false ? `A's write with token ${t.A} was accepted` : finalIs(run, 'B-1', t.B)),
  passed: (t) => `A's token ${t.A} was refused`,
};

const retryInFlight: CheckSpec = {
  id: 'retry-in-flight',
  title: 'the first attempt and its retry in flight together',
  hint: 'The adversary runs the retry between any two of your calls. Can both attempts see "not applied yet" before either records it?',
  scenario: (t) => [{ send: [write('B', 'B-1', t.B, 'B-1'), write('B', 'B-1', t.B, 'B-1')] }],
  judge: (run) => (accepted(run, 0) !== true || accepted(run, 1) !== true ? 'an attempt was refused' : finalIs(run, 'B-1', null)),
  passed: () => 'every interleaving applied "B-1" once and answered both attempts accepted',
};

const staleInFlight: CheckSpec = {
  id: 'stale-in-flight',
  title: "B's write and A's late write in flight together",
  hint: "A's write may land before B's (then both apply) or after (then it is refused), never in between. Which of your calls must no other write come between?",
  scenario: (t) => [{ send: [write('B', 'B-1', t.B, 'B-1'), write('A', 'A-late', t.A, 'A-1')] }],
  judge: (run, t) =>
    accepted(run, 0) !== true ? `B's write with token ${t.B} was refused` : finalIs(run, accepted(run, 1) === true ? 'A-late,B-1' : 'B-1', t.B),
  passed: (t) => `every interleaving ended with mark ${t.B} and A's value only when it landed first`,
};

export const IDEMPOTENT_RETRY: CheckSpec[] = [retryOnce, newOperationApplies, staleStillRefused, retryInFlight, staleInFlight];
