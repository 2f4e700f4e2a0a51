/**
 * Exercise 4: the mark survives the sink being SIGKILLed and restarted on
 * the same file, including a kill between any two of a write's calls.
 */
import { accepted, type CheckSpec, show, write } from '../scenario.js';
import { oneTransaction } from './fence-the-sink.js';

const fencesWhileUp: CheckSpec = {
  id: 'fences',
  title: "A's late write is refused after B's (no restart)",
  hint: 'Before any restart, the sink must still refuse a token below the mark.',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) =>
    accepted(run, 1) !== false ? `A's late write with token ${t.A} was accepted` : run.final.value === 'B-current' ? null : `ended at ${show(run.final.value)}`,
  passed: (t) => `A's token ${t.A} refused after B's ${t.B}`,
};

export const markSurvivesRestart: CheckSpec = {
  id: 'mark-survives-restart',
  title: "the sink is killed (SIGKILL) and restarted between B's write and A's",
  hint: 'A process killed with SIGKILL keeps nothing it held in memory. Where does the sink find the mark when it starts again?',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B)] }, { restart: true }, { send: [write('A', 'A-late', t.A)] }],
  judge: (run, t) =>
    accepted(run, 1) !== false
      ? `after the restart, A's write with the older token ${t.A} was accepted: the sink forgot B's ${t.B}`
      : run.final.value === 'B-current'
        ? null
        : `ended at ${show(run.final.value)}`,
  passed: (t) => `after the restart the sink still refused A's ${t.A}`,
};

const killMidWrite: CheckSpec = {
  id: 'kill-mid-write',
  title: "the sink is killed between two of B's database calls, then restarted",
  hint: "Kill the sink after any one of your calls: could the file then hold B's value without B's mark? What keeps two changes from being half done?",
  scenario: (t) => [
    { send: [write('A', 'A-1', t.A)] },
    { send: [write('B', 'B-current', t.B)], killAfterCalls: 1 },
    { probe: true },
    { send: [write('A', 'A-late', t.A)] },
  ],
  everyKillPoint: true,
  judge: (run, t) => {
    const after = run.probes?.[0];
    // B's write was lost whole: A's late write may land (its token is the mark). Only a half-done B is wrong.
    if (after?.value !== 'B-current') return null;
    return accepted(run, 2) === false ? null : `after the kill the file held B's value, yet A's write with ${t.A} was accepted: B's mark was not saved with it`;
  },
  passed: () => "after every kill point, the file held B's write whole or not at all",
};

export const DURABLE_MARK: CheckSpec[] = [fencesWhileUp, markSurvivesRestart, killMidWrite, oneTransaction];
