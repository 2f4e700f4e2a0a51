/**
 * Exercise 3: the new holder registers its token with the sink when it
 * acquires, so a stale write that arrives before the new holder's first
 * write is refused too (lesson 7's early stale write).
 */
import { accepted, type CheckSpec, finalIs, register, show, write } from '../scenario.js';
import { oneTransaction } from './fence-the-sink.js';

const registerRaisesMark: CheckSpec = {
  id: 'register-raises-mark',
  title: "after B registers, A's early write is refused",
  hint: "B has not written anything yet. What must registering leave behind for A's write to be compared against?",
  scenario: (t) => [{ send: [register('B', t.B)] }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) => (accepted(run, 1) !== false ? `A's write with token ${t.A} was accepted after B registered ${t.B}` : finalIs(run, null, t.B)),
  passed: (t) => `B registered ${t.B}; A's write with ${t.A} was refused before B ever wrote`,
};

const registerNeverLowers: CheckSpec = {
  id: 'register-never-lowers',
  title: 'a registration with an older token changes nothing',
  hint: 'Registrations can arrive late too. What would a late one with an older token do to the mark?',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { send: [register('A', t.A)] }],
  judge: (run, t) => finalIs(run, 'B-current', t.B),
  passed: (t) => `A's late registration of ${t.A} left the mark at ${t.B}`,
};

const holderWritesAfterRegister: CheckSpec = {
  id: 'holder-writes-after-register',
  title: 'B writes after registering',
  hint: "Registering must not lock out the holder that registered. Compare B's token with the mark it set itself.",
  scenario: (t) => [{ send: [register('B', t.B)] }, { send: [write('B', 'B-current', t.B)] }],
  judge: (run, t) => (accepted(run, 1) !== true ? `B's own write with token ${t.B} was refused after it registered` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `B's write with ${t.B} was accepted after its registration`,
};

const registrationsInFlight: CheckSpec = {
  id: 'registrations-in-flight',
  title: "B's registration and A's late one in flight together",
  hint: 'The adversary can run the other registration between any two of your database calls. Could both read the old mark before either raises it?',
  scenario: (t) => [{ send: [register('B', t.B), register('A', t.A)] }],
  judge: (run, t) => finalIs(run, null, t.B),
  passed: (t) => `every interleaving of the two registrations left the mark at ${t.B}`,
};

const registerBesideLateWrite: CheckSpec = {
  id: 'register-beside-late-write',
  title: "B's registration and A's late write in flight together",
  hint: "A's write may land before B's registration (then it is accepted) or after (then it is refused), never in between. Which of your calls must no other request come between?",
  scenario: (t) => [{ send: [register('B', t.B), write('A', 'A-late', t.A)] }],
  judge: (run, t) => {
    const expected = accepted(run, 1) === true ? 'A-late' : null;
    if (run.final.mark !== t.B) return `the mark ended at ${run.final.mark ?? 'none'}, not B's registered ${t.B}`;
    return run.final.value === expected ? null : `A's write was ${accepted(run, 1) ? 'accepted' : 'refused'}, yet the sink ended at ${show(run.final.value)}`;
  },
  passed: (t) => `every interleaving ended with the mark at ${t.B}, A's write accepted only when it landed first`,
};

const lateRegisterBesideWrite: CheckSpec = {
  id: 'late-register-beside-write',
  title: "A's late registration and B's write in flight together",
  hint: "A late registration with an older token must change nothing, even when it read the mark before B's write raised it.",
  scenario: (t) => [{ send: [write('B', 'B-current', t.B), register('A', t.A)] }],
  judge: (run, t) => (accepted(run, 0) !== true ? `B's write with token ${t.B} was refused` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `every interleaving ended at "B-current" with mark ${t.B}`,
};

export const EARLY_WRITE: CheckSpec[] = [
  registerRaisesMark,
  registerNeverLowers,
  holderWritesAfterRegister,
  oneTransaction,
  registrationsInFlight,
  registerBesideLateWrite,
  lateRegisterBesideWrite,
];
