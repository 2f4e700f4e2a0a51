/**
 * The race of a stale writer A and a current writer B at a PostgreSQL sink,
 * replayed under each isolation level and each style of check (issue 36).
 * The schedule is forced, never left to luck:
 *   1. A's transaction begins at the cell's isolation level and runs its
 *      check (`SELECT mark`, or `SELECT mark ... FOR UPDATE`; the conditional
 *      update has no separate check).
 *   2. B's transaction runs its whole write and commits; if a lock held by A
 *      blocks it (seen with `pg_blocking_pids()`, never guessed from a
 *      timeout) the schedule goes on while B waits.
 *   3. A runs its update and commits. Then B, if it waited, finishes.
 * A serialization failure (SQLSTATE 40001) is retried as a new transaction,
 * at most MAX_RETRIES times, then refused.
 */

export const ISOLATIONS = ['read-committed', 'repeatable-read', 'serializable'] as const;
export type Isolation = (typeof ISOLATIONS)[number];
export const SINK_CHECKS = ['select-then-update', 'conditional-update', 'select-for-update'] as const;
export type SinkCheck = (typeof SINK_CHECKS)[number];

const MAX_RETRIES = 3;
const SERIALIZATION_FAILURE = '40001';

const ISOLATION_SQL: Record<Isolation, string> = {
  'read-committed': 'READ COMMITTED',
  'repeatable-read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
};

/** One connection: what the grid needs of a PostgreSQL client. */
export interface SqlSession {
  /** The server process serving this connection (`pg_backend_pid()`). */
  readonly backendPid: number;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  close(): Promise<void>;
}

export interface GridWriter {
  name: string;
  token: number;
  value: string;
}

export interface GridWrite {
  outcome: 'applied' | 'refused';
  /** Transactions started again after a serialization failure. */
  retries: number;
  /** The SQLSTATE of each failure the database raised, in order. */
  sqlstates: string[];
  /** B only: whether its first attempt waited on a lock A held. */
  waited: boolean;
}

export interface GridCell {
  isolation: Isolation;
  check: SinkCheck;
  /** A's stale write applied after B's committed one: B's update lost. */
  staleAccepted: boolean;
  final: { value: string; mark: number };
  writes: { A: GridWrite; B: GridWrite };
  /** Every statement in the order the schedule ran it, with who ran it. */
  statements: string[];
}

function sqlstateOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The table one cell races on, made fresh with A's earlier write (mark = A's token). */
async function freshTable(admin: SqlSession, table: string, stale: GridWriter): Promise<void> {
  await admin.query(`DROP TABLE IF EXISTS ${table}`);
  await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, value text NOT NULL, mark bigint NOT NULL)`);
  await admin.query(`INSERT INTO ${table} VALUES (1, $1, $2)`, [`${stale.name}-early`, stale.token]);
}

/** A writer's transaction, statement by statement, so the schedule can stop it between its check and its update. */
class WriterTx {
  readonly statements: string[];
  private checked: number | null = null;

  constructor(
    private readonly session: SqlSession,
    private readonly table: string,
    private readonly isolation: Isolation,
    private readonly check: SinkCheck,
    readonly writer: GridWriter,
    log: string[],
  ) {
    this.statements = log;
  }

  private async run(sql: string, params?: unknown[]) {
    this.statements.push(`${this.writer.name}: ${sql}${params ? `  -- ${JSON.stringify(params)}` : ''}`);
    return this.session.query(sql, params);
  }

  async begin(): Promise<void> {
    await this.run(`BEGIN ISOLATION LEVEL ${ISOLATION_SQL[this.isolation]}`);
  }

  /** The separate check, if this style has one; remembers the mark it saw. */
  async runCheck(): Promise<void> {
    if (this.check === 'conditional-update') return;
    const lock = this.check === 'select-for-update' ? ' FOR UPDATE' : '';
    const { rows } = await this.run(`SELECT mark FROM ${this.table} WHERE id = 1${lock}`);
    this.checked = Number(rows[0]?.mark);
  }

  /** The update and the commit; 'refused' when the check or the condition turns the write away. */
  async finish(): Promise<'applied' | 'refused'> {
    const { token, value } = this.writer;
    if (this.check === 'conditional-update') {
      const r = await this.run(`UPDATE ${this.table} SET value = $1, mark = $2 WHERE id = 1 AND mark <= $2`, [value, token]);
      if (r.rowCount === 0) {
        await this.run('ROLLBACK');
        return 'refused';
      }
    } else {
      if (this.checked === null || token < this.checked) {
        await this.run('ROLLBACK');
        return 'refused';
      }
      await this.run(`UPDATE ${this.table} SET value = $1, mark = $2 WHERE id = 1`, [value, token]);
    }
    await this.run('COMMIT');
    return 'applied';
  }

  async rollback(): Promise<void> {
    await this.run('ROLLBACK').catch(() => undefined);
  }
}

/** Runs `attempt`; a serialization failure rolls back and starts a new transaction, up to MAX_RETRIES times. */
async function withRetries(first: () => Promise<'applied' | 'refused'>, again: () => Promise<'applied' | 'refused'>, tx: () => WriterTx) {
  const sqlstates: string[] = [];
  let retries = 0;
  let next = first;
  for (;;) {
    try {
      return { outcome: await next(), retries, sqlstates };
    } catch (err) {
      const state = sqlstateOf(err);
      if (state === undefined) throw err;
      sqlstates.push(state);
      await tx().rollback();
      if (state !== SERIALIZATION_FAILURE || retries >= MAX_RETRIES) return { outcome: 'refused' as const, retries, sqlstates };
      retries++;
      next = again;
    }
  }
}

/** Whether `pid`'s current statement waits on a lock another backend holds. */
async function isBlocked(admin: SqlSession, pid: number): Promise<boolean> {
  const { rows } = await admin.query('SELECT cardinality(pg_blocking_pids($1)) > 0 AS blocked', [pid]);
  return rows[0]?.blocked === true;
}

/**
 * Waits until `work` settles or its backend is seen blocked on a lock:
 * true when blocked (the schedule goes on while it waits).
 */
async function settlesOrBlocks(admin: SqlSession, pid: number, work: Promise<unknown>): Promise<boolean> {
  let settled = false;
  const done = work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (;;) {
    if (settled) return false;
    if (await isBlocked(admin, pid)) return !settled;
    await Promise.race([done, new Promise((r) => setTimeout(r, 5))]);
  }
}

export interface CellSessions {
  admin: SqlSession;
  a: SqlSession;
  b: SqlSession;
}

async function runCell(
  sessions: CellSessions,
  table: string,
  isolation: Isolation,
  check: SinkCheck,
  stale: GridWriter,
  current: GridWriter,
): Promise<GridCell> {
  const { admin, a, b } = sessions;
  await freshTable(admin, table, stale);
  const statements: string[] = [];
  const txA = () => new WriterTx(a, table, isolation, check, stale, statements);
  const txB = () => new WriterTx(b, table, isolation, check, current, statements);
  const wholeWrite = async (tx: WriterTx) => {
    await tx.begin();
    await tx.runCheck();
    return tx.finish();
  };

  // 1. A begins and checks.
  let aTx = txA();
  await aTx.begin();
  await aTx.runCheck();

  // 2. B's whole write; it may block on A's row lock.
  let bTx = txB();
  const bFirst = wholeWrite(bTx);
  const bResult = withRetries(
    () => bFirst,
    () => {
      bTx = txB();
      return wholeWrite(bTx);
    },
    () => bTx,
  );
  const waited = await settlesOrBlocks(admin, b.backendPid, bFirst);

  // 3. A's update and commit, then B finishes if it waited.
  const aResult = await withRetries(
    () => aTx.finish(),
    () => {
      aTx = txA();
      return wholeWrite(aTx);
    },
    () => aTx,
  );
  const bDone = await bResult;

  const { rows } = await admin.query(`SELECT value, mark FROM ${table} WHERE id = 1`);
  const final = { value: String(rows[0]?.value), mark: Number(rows[0]?.mark) };
  // Read from the row, not from the order our client saw the COMMITs acknowledged: on a loaded machine
  // A's backend can release its lock and be descheduled before it answers, while B commits meanwhile.
  // Both writes applied and the row holds A's value: A's stale write landed after B's committed one.
  const staleAccepted = aResult.outcome === 'applied' && bDone.outcome === 'applied' && final.value === stale.value;
  return {
    isolation,
    check,
    staleAccepted,
    final,
    writes: { A: { ...aResult, waited: false }, B: { ...bDone, waited } },
    statements,
  };
}

/** Every cell asked for, each on a fresh table, one after the other on the same three connections. */
export async function runGrid(
  sessions: CellSessions,
  table: string,
  isolations: readonly Isolation[],
  checks: readonly SinkCheck[],
  stale: GridWriter,
  current: GridWriter,
): Promise<GridCell[]> {
  const cells: GridCell[] = [];
  for (const isolation of isolations) for (const check of checks) cells.push(await runCell(sessions, table, isolation, check, stale, current));
  await sessions.admin.query(`DROP TABLE IF EXISTS ${table}`);
  return cells;
}

/** The key `--json` uses for a cell: `ISOLATION/CHECK`. */
export function cellKey(cell: Pick<GridCell, 'isolation' | 'check'>): string {
  return `${cell.isolation}/${cell.check}`;
}

/**
 * What each cell must give on a real server (lesson 5's table; the
 * experiment's checks and test/lab/postgres-grid.proc.test.ts read it):
 * only READ COMMITTED with a check in a SELECT and an unconditional UPDATE
 * loses B's write.
 */
export function expectedCell(
  isolation: Isolation,
  check: SinkCheck,
): { staleAccepted: boolean; finalWriter: 'stale' | 'current'; aRetried: boolean; bWaited: boolean; bRetried: boolean } {
  const snapshotLevel = isolation !== 'read-committed';
  return {
    staleAccepted: isolation === 'read-committed' && check === 'select-then-update',
    finalWriter: isolation === 'read-committed' && check === 'select-then-update' ? 'stale' : 'current',
    aRetried: snapshotLevel && check === 'select-then-update',
    bWaited: check === 'select-for-update',
    bRetried: snapshotLevel && check === 'select-for-update',
  };
}

export interface GridRequest {
  isolations: Isolation[];
  checks: SinkCheck[];
  stale: GridWriter;
  current: GridWriter;
}

/** A grid request as the sink receives it (JSON from the runner): checked, never trusted. */
export function parseGridRequest(raw: unknown): GridRequest {
  const r = raw as Partial<Record<keyof GridRequest, unknown>> | null;
  const writer = (w: unknown): GridWriter => {
    const x = w as Partial<GridWriter> | null;
    if (!x || typeof x.name !== 'string' || typeof x.value !== 'string' || !Number.isSafeInteger(x.token))
      throw new Error('a grid writer is {name, token, value}');
    return { name: x.name, token: x.token as number, value: x.value };
  };
  const list = <T extends string>(v: unknown, allowed: readonly T[]): T[] => {
    if (!Array.isArray(v) || v.length === 0 || !v.every((x) => (allowed as readonly unknown[]).includes(x)))
      throw new Error(`expected a list of ${allowed.join(', ')}`);
    return v as T[];
  };
  if (!r || typeof r !== 'object') throw new Error('a grid request is a JSON object');
  return { isolations: list(r.isolations, ISOLATIONS), checks: list(r.checks, SINK_CHECKS), stale: writer(r.stale), current: writer(r.current) };
}
