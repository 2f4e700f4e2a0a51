/**
 * A throwaway PostgreSQL server for one lab run or exercise check (issue 36):
 * `initdb` into a temp dir, then `postgres` on a loopback port we chose, its
 * Unix socket in the same temp dir, in its own process group, logs to a file.
 * Throwaway settings for speed (`fsync=off`, no WAL sync) are named in
 * `settings`, which the evidence records.
 *
 * PostgreSQL refuses to run as root: when we are root, `initdb` and
 * `postgres` run as the package's `postgres` user (its uid and gid read from
 * /etc/passwd), and the temp dir is made for that user (mkdtemp, then chown),
 * since it cannot enter the root user's home.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, chownSync, closeSync, constants, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort } from '../coordinator/etcd-launcher.js';
import { within } from '../processes/children.js';
import { LabUnavailableError } from '../types.js';

export const POSTGRES_INSTALL_HINT =
  'PostgreSQL was not found. Install it (Debian/Ubuntu: `sudo apt-get install postgresql`), ' +
  'pass --postgres-bin DIR (the folder holding initdb and postgres), or use a running server with --postgres-url URL';

/** The throwaway settings every server we start runs with (recorded in the evidence). */
export const THROWAWAY_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '127.0.0.1',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '40',
};

/** The folder holding `initdb` and `postgres`: the flag's, else PATH, else Debian's /usr/lib/postgresql/VERSION/bin (newest first). */
export function findPostgresBin(explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = explicit ? [explicit] : [...(env.PATH ?? '').split(delimiter).filter(Boolean), ...debianBins()];
  return candidates.find((dir) => executable(join(dir, 'initdb')) && executable(join(dir, 'postgres')));
}

function debianBins(root = '/usr/lib/postgresql'): string[] {
  try {
    return readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => join(root, v, 'bin'));
  } catch {
    return [];
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The user the server runs as: ourselves, or `postgres` when we are root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export function serverUser(passwd = '/etc/passwd'): RunAs | undefined {
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

export interface LaunchedPostgres {
  /** A connection string for the `postgres` database as the `postgres` superuser. */
  url: string;
  port: number;
  pid: number;
  argv: string[];
  dir: string;
  runAs: string | null;
  settings: Readonly<Record<string, string>>;
  initMs: number;
  startMs: number;
  /** SIGKILLs the postmaster (the restart experiment), leaving the data dir. */
  kill(): Promise<void>;
  /** Starts the postmaster again on the same data dir and port. */
  restart(): Promise<void>;
  /** Ends the server and removes its temp dir. */
  stop(): Promise<void>;
}

export interface PostgresLaunchOptions {
  bin: string;
  /** Called as soon as a postmaster is spawned, with its stop: an interrupt while it starts must end it too. */
  onSpawn?: (pid: number, argv: string[], dir: string, stop: () => Promise<void>) => void;
  /** Whether a connection can be made: the lab passes the pg client's probe; ready means it answers a query. */
  canConnect: (url: string) => Promise<boolean>;
  attempts?: number;
}

export async function launchPostgres(opts: PostgresLaunchOptions): Promise<LaunchedPostgres> {
  const runAs = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-postgres-'));
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const data = join(dir, 'data');
  const initStarted = performance.now();
  try {
    await runToEnd(
      [join(opts.bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C'],
      join(dir, 'initdb.log'),
      runAs,
    );
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const initMs = performance.now() - initStarted;
  let lastError = '';
  for (let attempt = 0; attempt < (opts.attempts ?? 3); attempt++) {
    const port = await freePort();
    const started = performance.now();
    const server = new Postmaster(opts.bin, data, dir, port, runAs);
    const proc = server.start();
    opts.onSpawn?.(proc.pid ?? -1, server.argv, dir, () => server.stopAndRemove());
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    if (await server.waitReady(() => opts.canConnect(url))) {
      return {
        url,
        port,
        pid: proc.pid ?? -1,
        argv: server.argv,
        dir,
        runAs: runAs?.name ?? null,
        settings: THROWAWAY_SETTINGS,
        initMs,
        startMs: performance.now() - started,
        kill: () => server.kill(),
        restart: async () => {
          server.start();
          if (!(await server.waitReady(() => opts.canConnect(url)))) {
            throw new LabUnavailableError(`PostgreSQL did not come back after its restart:\n${tail(server.logPath)}`);
          }
        },
        stop: () => server.stopAndRemove(),
      };
    }
    lastError = tail(server.logPath);
    await server.kill();
    if (!/could not bind|address already in use/i.test(lastError)) break;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new LabUnavailableError(`the throwaway PostgreSQL did not become ready${lastError ? `:\n${lastError}` : ''}`);
}

/** One postmaster on a data dir: started, stopped, killed, started again. */
class Postmaster {
  readonly argv: string[];
  readonly logPath: string;
  private proc: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private running = false;

  constructor(
    bin: string,
    data: string,
    private readonly dir: string,
    port: number,
    private readonly runAs: RunAs | undefined,
  ) {
    this.logPath = join(dir, 'postgres.log');
    const settings = Object.entries({ ...THROWAWAY_SETTINGS, unix_socket_directories: dir }).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
    this.argv = [join(bin, 'postgres'), '-D', data, '-p', String(port), ...settings];
  }

  start(): ChildProcess {
    const proc = spawnLogged(this.argv, this.logPath, this.runAs);
    this.proc = proc;
    this.running = true;
    this.exited = new Promise((resolve) =>
      proc.once('exit', () => {
        this.running = false;
        resolve();
      }),
    );
    return proc;
  }

  /** Polls the probe until it answers, the postmaster exits, or 15 s pass (a loaded machine). */
  async waitReady(probe: () => Promise<boolean>): Promise<boolean> {
    const deadline = performance.now() + 15_000;
    while (this.running && performance.now() < deadline) {
      if (await probe()) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return false;
  }

  async kill(): Promise<void> {
    if (!this.running || this.proc?.pid === undefined) return;
    // The whole group: the postmaster's backends die with it, as after a crash.
    signalGroup(this.proc.pid, 'SIGKILL');
    await within(this.exited, 5000);
  }

  async stopAndRemove(): Promise<void> {
    if (this.running && this.proc?.pid !== undefined) {
      // SIGQUIT: PostgreSQL's immediate shutdown (the data dir is thrown away anyway).
      signalGroup(this.proc.pid, 'SIGQUIT');
      if (!(await within(this.exited, 3000))) await this.kill();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Spawns in its own process group, output to a file (never our stdout), as `runAs` when given. */
function spawnLogged(argv: string[], logPath: string, runAs: RunAs | undefined): ChildProcess {
  const logFd = openSync(logPath, 'a');
  if (runAs) chownSync(logPath, runAs.uid, runAs.gid);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PG')));
  try {
    return spawn(argv[0] as string, argv.slice(1), {
      stdio: ['ignore', logFd, logFd],
      env,
      detached: true,
      cwd: '/',
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
  } finally {
    closeSync(logFd);
  }
}

function runToEnd(argv: string[], logPath: string, runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawnLogged(argv, logPath, runAs);
    proc.once('error', (err) => reject(new LabUnavailableError(`could not run ${argv[0]}: ${err.message}`)));
    proc.once('exit', (code) => (code === 0 ? resolve() : reject(new LabUnavailableError(`${argv[0]} failed (exit ${code}):\n${tail(logPath)}`))));
  });
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}
