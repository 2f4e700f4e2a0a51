/**
 * postgres-sink: the fenced sink on a real PostgreSQL at READ COMMITTED.
 * The sequential checks are exercise 1's and 4's; the race is run on two
 * connections, statement by statement, where a statement may wait on a row
 * lock the other request holds (the schedule goes on while it waits).
 */
import { accepted, type CheckSpec, finalIs, write } from '../scenario.js';
import { markSurvivesRestart } from './durable-mark.js';
import { equalAccepted, noTokenRefused, staleRejected } from './fence-the-sink.js';

const writesInFlight: CheckSpec = {
  id: 'writes-in-flight',
  title: "B's write and A's late write in flight together, each on its own connection (READ COMMITTED)",
  hint: 'On PostgreSQL, BEGIN takes no lock and a plain SELECT locks nothing: another connection can commit between your check and your update. What would make the comparison part of the statement that writes, or keep the other writer off the row you read?',
  scenario: (t) => [{ send: [write('B', 'B-current', t.B), write('A', 'A-late', t.A)] }],
  judge: (run, t) => (accepted(run, 0) !== true ? `B's write with token ${t.B} was refused` : finalIs(run, 'B-current', t.B)),
  passed: (t) => `every interleaving of the two connections ends at "B-current" with mark ${t.B}`,
};

export const POSTGRES_SINK: CheckSpec[] = [staleRejected, equalAccepted, noTokenRefused, writesInFlight, markSurvivesRestart];
