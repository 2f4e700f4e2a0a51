/**
 * Issue 36: the lab with its sink on PostgreSQL, through the CLI as a
 * learner runs it. late-write, the split grid and restart give `verdict:
 * expected`; a server the user points at is used and left running, with the
 * run's schema dropped; bad flag combinations exit 2; and nothing is left
 * running or on disk afterwards, after Ctrl-C too.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRECORDED } from '../../src/lab/coordinator/etcd-launcher.js';
import { canConnect, openSession } from '../../src/lab/postgres/pg-session.js';
import { findPostgresBin, type LaunchedPostgres, launchPostgres } from '../../src/lab/postgres/postgres-server.js';
import type { LabResult } from '../../src/lab/types.js';
import { bin, ensureBuilt, postgresMissing, root, runCli, tempHome, whenAStopped } from './helpers.js';
import { leftovers } from './leftovers.js';

const skip = await postgresMissing();

async function lab(args: string[]) {
  const home = tempHome('lab-pg-');
  const run = await runCli(['lab', '--json', ...args], { FENCE_TUTOR_HOME: home }, 90_000);
  return { home, run, result: run.code === 0 || run.code === 1 ? (JSON.parse(run.stdout) as LabResult) : undefined };
}

describe.skipIf(skip)('lab --sink postgres', { concurrent: true, timeout: 120_000 }, () => {
  beforeAll(() => ensureBuilt());

  it('late-write: the fenced sink on PostgreSQL rejects A, the plain one ends at A-late; the server, its settings and its tables are in the evidence', async ({
    expect,
  }) => {
    const { home, run, result } = await lab(['--sink', 'postgres']);
    expect(run.code, run.stderr).toBe(0);
    expect(result?.verdict).toBe('expected');
    expect(result?.modes.fenced?.final.value).toBe('B-current');
    expect(result?.modes.plain?.final.value).toBe('A-late');
    const pg = result?.sink.postgres;
    expect(pg).toMatchObject({ kind: 'postgres', ownServer: true, settings: { fsync: 'off', listen_addresses: '127.0.0.1' } });
    expect(pg?.runAs).toBe(process.getuid?.() === 0 ? 'postgres' : null);
    const rows = (pg?.dump as { rows?: { mode: string; value: string }[] } | undefined)?.rows ?? [];
    expect(rows.find((r) => r.mode === 'fenced')?.value).toBe('B-current');
    expect(await leftovers(home)).toEqual([]);
  });

  it('split --isolation all --sink-check all: nine cells keyed ISOLATION/CHECK, only read-committed/select-then-update loses B', async ({ expect }) => {
    const { home, run, result } = await lab(['--experiment', 'split', '--sink', 'postgres', '--isolation', 'all', '--sink-check', 'all']);
    expect(run.code, run.stderr).toBe(0);
    expect(result?.verdict).toBe('expected');
    const modes = result?.modes as Record<
      string,
      { staleAccepted: boolean; final: { value: string; mark: number }; writes: { A: { outcome: string; sqlstate?: string }; B: { retries: number } } }
    >;
    expect(Object.keys(modes)).toHaveLength(9);
    expect(
      Object.entries(modes)
        .filter(([, m]) => m.staleAccepted)
        .map(([k]) => k),
    ).toEqual(['read-committed/select-then-update']);
    expect(modes['repeatable-read/select-then-update']?.writes.A).toMatchObject({ outcome: 'refused', sqlstate: '40001' });
    expect(modes['serializable/select-for-update']?.writes.B.retries).toBe(1);
    expect(modes['read-committed/conditional-update']?.final.mark).toBe(result?.tokens.B);
    expect(await leftovers(home)).toEqual([]);
  });

  it('restart: PostgreSQL killed (SIGKILL) and started again on its data dir keeps the mark; A is refused', async ({ expect }) => {
    const { home, run, result } = await lab(['--experiment', 'restart', '--sink', 'postgres']);
    expect(run.code, run.stderr).toBe(0);
    expect(result?.verdict).toBe('expected');
    expect(result?.observations.some((o) => o.kind === 'sink-killed' && o.note === 'the PostgreSQL server')).toBe(true);
    expect(await leftovers(home)).toEqual([]);
  });

  it('Ctrl-C while A is stopped ends the run with 130 and leaves no process, pidfile or temp dir', async ({ expect }) => {
    const home = tempHome('lab-pg-int-');
    const child = spawn(process.execPath, [bin, 'lab', '--sink', 'postgres', '--plain'], {
      cwd: root,
      env: { ...process.env, FENCE_TUTOR_HOME: home },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const pidfile = await whenAStopped(home, 30_000);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(await leftovers(home, [pidfile])).toEqual([]);
  });
});

describe.skipIf(skip)('lab --postgres-url: a server the user runs', { timeout: 120_000 }, () => {
  let server: LaunchedPostgres;
  beforeAll(async () => {
    const pgBin = findPostgresBin();
    if (!pgBin) throw new Error('PostgreSQL is required here (FENCE_REQUIRE_TOOLS=1): apt-get install postgresql');
    ensureBuilt();
    server = await launchPostgres(pgBin, canConnect, { recorder: UNRECORDED });
  }, 120_000);
  afterAll(async () => {
    await server?.server.stop();
  });

  it('is used and left running, and the run drops the schema it made', async () => {
    const { run, result } = await lab(['--postgres-url', server.url]);
    expect(run.code, run.stderr).toBe(0);
    expect(result?.sink.postgres).toMatchObject({ ownServer: false });
    expect(server.server.process.isRunning()).toBe(true);
    const s = await openSession(server.url);
    const { rows } = await s.query("SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name LIKE 'fence_lab_%'");
    await s.close();
    expect(rows[0]?.n).toBe(0);
  });

  it('restart refuses it (exit 2): the lab never kills a server it did not start', async () => {
    const { run } = await lab(['--experiment', 'restart', '--postgres-url', server.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('never uses one it did not start');
    expect(existsSync(server.server.dir)).toBe(true);
  });
});

describe('lab sink flags: bad combinations exit 2 with the fix', { concurrent: true, timeout: 60_000 }, () => {
  beforeAll(() => ensureBuilt());
  it.for([
    [['--isolation', 'serializable', '--sink', 'postgres'], 'Fix: add --experiment split'],
    [['--experiment', 'split', '--sink-check', 'all'], '--sink-check needs --sink postgres'],
    [['--sink', 'postgres', '--postgres-url', 'http://x'], 'not a PostgreSQL URL'],
    [['--experiment', 'failover', '--sink', 'postgres'], 'leave out --sink postgres'],
  ])('%j', async ([args, message], { expect }) => {
    const { run } = await lab(args as string[]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message as string);
    expect(run.stdout).toBe('');
  });
});
