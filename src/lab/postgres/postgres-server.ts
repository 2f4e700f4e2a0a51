/**
 * A throwaway PostgreSQL server for one lab run or exercise check (issue 36),
 * started through the lab's one server launcher (servers/launch-server.ts):
 * `initdb` into the run's temp dir, then `postgres` on a loopback port we
 * chose, its Unix socket in the same temp dir. Throwaway settings for speed
 * (`fsync=off` and friends) are named in THROWAWAY_SETTINGS, which the
 * evidence records.
 *
 * PostgreSQL refuses to run as root: when we are root, `initdb` and
 * `postgres` run as the package's `postgres` user (uid and gid read from
 * /etc/passwd), and the temp dir is made for that user (the launcher chowns
 * it), since it cannot enter the root user's home.
 */
import { spawn } from 'node:child_process';
import { closeSync, fchownSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LaunchedServer, type LaunchOptions, launchServer, type ServerSpec } from '../servers/launch-server.js';
import type { RunAs } from '../servers/spawn-server.js';
import { LabUnavailableError } from '../types.js';

// Found without running anything (the Lab screen's first frame asks it): its own small module.
export { findPostgresBin } from './find-postgres.js';

export const POSTGRES_INSTALL_HINT =
  'PostgreSQL was not found. Install it (Debian/Ubuntu: `sudo apt-get install postgresql`), ' +
  'pass --postgres-bin DIR (the folder holding initdb and postgres), or use a running server with --postgres-url URL';

/** The throwaway settings every server we start runs with (recorded in the evidence). */
const THROWAWAY_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '40',
};

/** The user the server runs as: ourselves, or `postgres` when we are root. */
function serverUser(passwd = '/etc/passwd'): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync(passwd, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new LabUnavailableError('running as root, and PostgreSQL refuses root: the `postgres` user (made by the postgresql package) was not found');
  }
  return { uid: Number(uid), gid: Number(gid), name: 'postgres' };
}

export function postgresUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** The launcher's spec: initdb in `prepare`, the postmaster in the foreground, ready when `canConnect` answers. */
function postgresServerSpec(bin: string, canConnect: (url: string) => Promise<boolean>, runAs = serverUser()): ServerSpec {
  const data = (dir: string) => join(dir, 'data');
  return {
    role: 'postgres',
    tempPrefix: 'fence-tutor-postgres',
    portCount: 1,
    // SIGTERM is PostgreSQL's "smart" shutdown, which waits for every client; SIGINT ends them.
    process: { runAs, stopSignal: 'SIGINT' },
    readyTimeoutMs: 15_000,
    prepare: (_ports, dir) =>
      runToEnd(
        [join(bin, 'initdb'), '-D', data(dir), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'],
        join(dir, 'initdb.log'),
        runAs,
      ),
    argv: ([port], dir) => [
      join(bin, 'postgres'),
      '-D',
      data(dir),
      '-p',
      String(port),
      ...Object.entries({ ...THROWAWAY_SETTINGS, unix_socket_directories: dir }).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
    ready: ([port]) => canConnect(postgresUrl(port ?? 0)),
  };
}

export interface LaunchedPostgres {
  url: string;
  server: LaunchedServer;
  runAs: string | null;
  settings: Readonly<Record<string, string>>;
}

export async function launchPostgres(bin: string, canConnect: (url: string) => Promise<boolean>, opts: LaunchOptions): Promise<LaunchedPostgres> {
  const runAs = serverUser();
  const server = await launchServer(postgresServerSpec(bin, canConnect, runAs), opts);
  return { url: postgresUrl(server.ports[0] ?? 0), server, runAs: runAs?.name ?? null, settings: THROWAWAY_SETTINGS };
}

/** Runs `initdb` to its end, as `runAs`, its output to a log file; a failure quotes the log's last lines. */
function runToEnd(argv: string[], logPath: string, runAs: RunAs | undefined): Promise<void> {
  const logFd = openSync(logPath, 'a');
  if (runAs) fchownSync(logFd, runAs.uid, runAs.gid);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  return new Promise<void>((resolve, reject) => {
    const proc = spawn(argv[0] as string, argv.slice(1), {
      stdio: ['ignore', logFd, logFd],
      env,
      cwd: '/',
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
    proc.once('error', (err) => reject(new LabUnavailableError(`could not run ${argv[0]}: ${err.message}`)));
    proc.once('exit', (code) => (code === 0 ? resolve() : reject(new LabUnavailableError(`${argv[0]} failed (exit ${code}):\n${tail(logPath)}`))));
  }).finally(() => closeSync(logFd));
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}
