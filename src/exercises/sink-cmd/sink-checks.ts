/**
 * The checks a `--sink-cmd` sink goes through, per exercise. Each check runs
 * against a fresh process and a fresh database; each says what it proves,
 * and its hint points at the reasoning, never at the answer.
 */
import { CheckFailure, type SinkSession } from './black-box-session.js';
import { runTimingTrials, type TrialKind, type TrialOutcome } from './timing-adversary.js';

export const SINK_CMD_EXERCISES = ['fence-the-sink', 'early-write', 'durable-mark', 'idempotent-retry'] as const;
export type SinkCmdExercise = (typeof SINK_CMD_EXERCISES)[number];

export function takesSinkCmd(id: string): id is SinkCmdExercise {
  return (SINK_CMD_EXERCISES as readonly string[]).includes(id);
}

export interface SinkCheck {
  id: string;
  title: string;
  hint: string;
  /** How many times the check restarts the sink (each gets its own allowance of time). */
  restarts?: number;
  /** Time on top of the check's limit (the timing adversary's pairs after the first). */
  allowanceMs?: number;
  /** Throws CheckFailure; returns the timing adversary's tally when it ran one. */
  run(session: SinkSession): Promise<TrialOutcome | undefined>;
}

/** Each pair of request kinds past the first gets this much more time (its trials take about as long as one pair's). */
const PAIR_ALLOWANCE_MS = 10_000;

const w = (writer: string, value: string, token: number | null, requestId: string) => ({ writer, value, token, requestId });

const emptyState: SinkCheck = {
  id: 'empty-state',
  title: 'a new sink answers /state with nothing written',
  hint: 'Before any write, GET /state answers {"value": null, "mark": null, "applied": 0}.',
  async run(s) {
    await s.expectState({ value: null, mark: null, applied: 0 }, 'GET /state on a fresh database');
    return undefined;
  },
};

const malformed: SinkCheck = {
  id: 'malformed-body',
  title: 'a malformed body is refused with 400 and changes nothing',
  hint: 'Validate the body before touching the database: JSON, "value" a string, "token" an integer or null.',
  async run(s) {
    const bodies = [
      'not json',
      '{"writer":"A","value":5,"token":1,"requestId":"A-1"}',
      '{"writer":"A","value":"x","token":"7","requestId":"A-2"}',
      '{"writer":"A","value":"x","token":1.5,"requestId":"A-3"}',
      '[1,2]',
    ];
    for (const body of bodies) {
      const status = await s.raw('/write', body);
      if (status !== 400) throw new CheckFailure(`POST /write ${body}: expected 400, got ${status}`);
    }
    await s.expectState({ value: null, mark: null, applied: 0 }, 'after the malformed writes');
    return undefined;
  },
};

const noToken: SinkCheck = {
  id: 'no-token',
  title: 'a write with no token is refused',
  hint: 'A write that carries no token cannot prove it is not stale: the sink has no way to fence it.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-1', 3, 'B-1'), 'a first write with token 3');
    await s.expectRefused(w('A', 'A-none', null, 'A-1'), 'a write with "token": null');
    await s.expectState({ value: 'B-1', mark: 3, applied: 1 }, 'after the refused write');
    return undefined;
  },
};

const equalToken: SinkCheck = {
  id: 'equal-token',
  title: 'a second write under the same token is accepted',
  hint: 'The holder of a lease writes more than once under one token: only a token below the mark is stale.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'a first write with token 5');
    await s.expectAccepted(w('B', 'B-2', 5, 'B-2'), 'a second write with the same token 5');
    await s.expectState({ value: 'B-2', mark: 5, applied: 2 }, 'after two writes under token 5');
    return undefined;
  },
};

const belowMark: SinkCheck = {
  id: 'below-mark',
  title: 'a token below the mark is refused and changes nothing',
  hint: 'Remember the highest token that wrote (the mark) and compare each new token with it.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-current', 7, 'B-1'), 'a write with token 7');
    await s.expectRefused(w('A', 'A-late', 6, 'A-1'), 'a late write with token 6, below the mark 7');
    await s.expectState({ value: 'B-current', mark: 7, applied: 1 }, 'after the stale write');
    return undefined;
  },
};

function timing(kinds: readonly TrialKind[], title: string, hint: string): SinkCheck {
  return {
    id: 'timing-adversary',
    title,
    hint,
    allowanceMs: (kinds.length - 1) * PAIR_ALLOWANCE_MS,
    async run(s) {
      const outcome = await runTimingTrials(s, kinds);
      if (outcome.wrong > 0) {
        throw Object.assign(new CheckFailure(`${outcome.wrong} of ${outcome.total} overlapping trials went wrong; the first: ${outcome.firstWrong}`), {
          outcome,
        });
      }
      return outcome;
    },
  };
}

const ATOMIC_HINT = 'Compare and write in one transaction (BEGIN IMMEDIATE ... COMMIT), so no other request runs between the check and the write.';

const registerRaises: SinkCheck = {
  id: 'register-raises',
  title: 'POST /register raises the mark, and a lower token changes nothing',
  hint: 'Registering is a write of the mark alone: take the higher of the two, in one transaction.',
  async run(s) {
    const first = await s.register(9);
    if (first !== 200) throw new CheckFailure(`POST /register {"token": 9}: expected 200, got ${first}`);
    await s.expectState({ value: null, mark: 9, applied: 0 }, 'after registering token 9');
    const lower = await s.register(4);
    if (lower !== 200) throw new CheckFailure(`POST /register {"token": 4}: expected 200, got ${lower}`);
    await s.expectState({ mark: 9 }, 'registering 4 after 9 must not lower the mark');
    const bad = await s.raw('/register', '{"token":"x"}');
    if (bad !== 400) throw new CheckFailure(`POST /register {"token":"x"}: expected 400, got ${bad}`);
    return undefined;
  },
};

const earlyStale: SinkCheck = {
  id: 'stale-before-first-write',
  title: 'a stale write that arrives before the new holder writes is refused',
  hint: 'The new holder told the sink its token when it acquired: the mark is already up when the late write lands.',
  async run(s) {
    await s.expectAccepted(w('A', 'A-1', 7, 'A-1'), "A's write with token 7");
    const status = await s.register(8);
    if (status !== 200) throw new CheckFailure(`POST /register {"token": 8}: expected 200, got ${status}`);
    await s.expectRefused(w('A', 'A-late', 7, 'A-2'), "A's late write with token 7 after B registered 8");
    await s.expectAccepted(w('B', 'B-1', 8, 'B-1'), "B's first write with token 8");
    await s.expectState({ value: 'B-1', mark: 8, applied: 2 }, 'at the end');
    return undefined;
  },
};

const survivesRestart: SinkCheck = {
  id: 'survives-restart',
  title: 'the mark survives the sink being killed and restarted',
  restarts: 1,
  hint: 'A mark kept in memory dies with the process: keep it in the database file, written in the same transaction as the value.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-current', 7, 'B-1'), 'a write with token 7');
    await s.sink.restart();
    await s.expectState({ value: 'B-current', mark: 7, applied: 1 }, 'after SIGKILL and restart');
    await s.expectRefused(w('A', 'A-late', 6, 'A-1'), 'a late write with token 6 after the restart');
    return undefined;
  },
};

const acknowledgedSurvives: SinkCheck = {
  id: 'acknowledged-survives',
  title: 'a write answered 200 just before a kill is still there after the restart',
  restarts: 3,
  hint: 'Answer 200 only once the transaction has committed: an acknowledged write must be on disk.',
  async run(s) {
    for (let round = 1; round <= 3; round++) {
      await s.expectAccepted(w('B', `B-${round}`, 10 * round, `B-${round}`), `round ${round}: a write with token ${10 * round}`);
      await s.sink.restart();
      await s.expectState({ value: `B-${round}`, mark: 10 * round, applied: round }, `round ${round}: after SIGKILL and restart`);
    }
    return undefined;
  },
};

const retryOnce: SinkCheck = {
  id: 'retry-one-effect',
  title: 'a retry of the same request has one effect',
  hint: 'Record each applied request id with its answer, in the same transaction as the write; a retry finds it and answers from the record.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'a write with request id B-1');
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'the same request B-1 again (a retry)');
    await s.expectState({ value: 'B-1', applied: 1 }, 'after the retry');
    return undefined;
  },
};

const newOperationApplies: SinkCheck = {
  id: 'new-operation-applies',
  title: 'a new operation under the same token still applies',
  hint: 'The request id tells a retry from a new operation; the token does not (one holder sends many operations).',
  async run(s) {
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'a write with request id B-1');
    await s.expectAccepted(w('B', 'B-2', 5, 'B-2'), 'a new request B-2 under the same token');
    await s.expectState({ value: 'B-2', mark: 5, applied: 2 }, 'after two operations');
    return undefined;
  },
};

const lateRetry: SinkCheck = {
  id: 'late-retry',
  title: 'a late retry of an applied request does not bring its old value back',
  hint: 'A retry is answered from the record (200), and it changes nothing: not the value, not the count.',
  async run(s) {
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'a write with request id B-1');
    await s.expectAccepted(w('C', 'C-1', 6, 'C-1'), 'a newer holder writes with token 6');
    await s.expectAccepted(w('B', 'B-1', 5, 'B-1'), 'the retry of B-1 (it was applied: 200 from the record)');
    await s.expectState({ value: 'C-1', mark: 6, applied: 2 }, 'after the late retry');
    return undefined;
  },
};

const FENCE = [emptyState, malformed, noToken, equalToken, belowMark];

export const SINK_CHECKS: Record<SinkCmdExercise, SinkCheck[]> = {
  'fence-the-sink': [...FENCE, timing(['stale-after-fresh'], 'overlapping fresh and stale writes never let the stale one win', ATOMIC_HINT)],
  'early-write': [
    ...FENCE,
    registerRaises,
    earlyStale,
    timing(
      ['stale-after-fresh', 'stale-after-register', 'register-after-fresh', 'register-after-register'],
      'overlapping writes and registrations never let a stale token win or lower the mark',
      'Compare and write in one transaction, in register as in write (BEGIN IMMEDIATE ... COMMIT): no other request may run between reading the mark and raising it.',
    ),
  ],
  'durable-mark': [
    noToken,
    belowMark,
    survivesRestart,
    acknowledgedSurvives,
    timing(['stale-after-fresh'], 'overlapping fresh and stale writes never let the stale one win', ATOMIC_HINT),
  ],
  'idempotent-retry': [
    noToken,
    belowMark,
    retryOnce,
    newOperationApplies,
    lateRetry,
    timing(
      ['retry-after-original', 'stale-after-fresh'],
      'a request sent twice at once has one effect',
      'Look up the request id and apply the write in one transaction, so two copies cannot both miss the record.',
    ),
  ],
};
