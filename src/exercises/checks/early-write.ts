/**
 * Exercise 3: the new holder registers its token with the sink when it
 * acquires, so a stale write that arrives before the new holder's first
 * write is refused too (lesson 7's early stale write).
 */
import { accepted, type CheckSpec, finalIs, register, write } from '../scenario.js';

export const registerRaisesMark: CheckSpec = {
  id: 'register-raises-mark',
  title: "after B registers, A's early write is refused",
  hint: "B has not written anything yet. What must registering leave behind for A's write to be compared against?",
  scenario: (t) => [{ send: [register('B', t.B)] }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) => (accepted(run, 1) !== false ? `A's write with token ${t.A} was accepted after B registered ${t.B}` : finalIs(run, null, t.B)),
  passed: (t) => `B registered ${t.B}; A's write with ${t.A} was refused before B ever wrote`,
};

export const registerNeverLowers: CheckSpec = {
  id: 'register-never-lowers',
  title: 'a registration with an older token changes nothing',
  hint: 'Registrations can arrive late too. What would a late one with an older token do to the mark?',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { send: [register('A', t.A)] }],
  judge: (run, t) => finalIs(run, 'B-current', t.B),
  passed: (t) => `A's late registration of ${t.A} left the mark at ${t.B}`,
};

export const holderWritesAfterRegister: CheckSpec = {
  id: 'holder-writes-after-register',
  title: 'B writes after registering',
  hint: "Registering must not lock out the holder that registered. Compare B's token with the mark it set itself.",
  scenario: (t) => [{ send: [register('B', t.B)] }, { send: [write('B', 'B-current', t.B)] }],
  judge: (run, t) => (accepted(run, 1) !== true ? `B's own write with token ${t.B} was refused after it registered` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `B's write with ${t.B} was accepted after its registration`,
};

export const EARLY_WRITE: CheckSpec[] = [registerRaisesMark, registerNeverLowers, holderWritesAfterRegister];
