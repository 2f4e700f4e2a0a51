/**
 * The lab's process machinery, handed to the exercises (which may not import
 * the lab): children in their own process group, recorded in a pidfile that
 * a later run reaps if this one is killed; the real expiry; cleanup on
 * Ctrl-C and SIGTERM through the cleanup registry.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import type { ClientChild, ExerciseMachinery, SinkChild } from '../../exercises/ports.js';
import type { TokenEvidence } from '../../exercises/types.js';
import { binPath, LabChild, within } from '../../lab/processes/children.js';
import { parseSinkChildMessage, type SinkChildCommand, type SinkChildMessage } from '../../exercises/child-protocol.js';
import { RunPidfile, reapLeftovers } from '../../lab/processes/pidfile.js';
import { type ExpiryRun, startExpiry } from '../../lab/runner/expiry-tokens.js';
import { onCleanup } from '../../platform/cleanup.js';
import { dataSubdir } from '../../platform/data-dir.js';
import { packageRoot } from '../../platform/package-root.js';
import { guardedEnv, newGuardGroup, sweepGroup } from '../../platform/guard.js';
import { OVER_MEMORY, watchMemory } from '../../platform/memory-watch.js';
import { ToolMissingError } from '../../exercises/clients/client-ports.js';
import { findPostgresBin } from '../../lab/postgres/postgres-server.js';

/** The lab's hint names its own flags (--postgres-bin, --postgres-url), which `exercise check` does not take. */
const EXERCISE_POSTGRES_HINT =
  'PostgreSQL was not found on PATH or in /usr/lib/postgresql/VERSION/bin. Fix: install it (Debian/Ubuntu: `sudo apt-get install postgresql`)';

/**
 * Node's permission model for the learner's sink (Node 20: experimental):
 * it reads only the tutor's package and the given folders, writes only the
 * given ones, and starts no process or worker. A guard against accidents
 * and curious code (no reading the tutor's data directory through
 * /proc/PPID/environ), not a security boundary: docs/exercises.md says
 * what it does not stop.
 */
function permissionFlags(files: { read: string[]; write: string[] } | undefined): string[] {
  if (!files) return [];
  return [
    '--experimental-permission',
    '--no-warnings=ExperimentalWarning',
    `--allow-fs-read=${packageRoot()}`,
    // Installed with npm, SQLite's WebAssembly build may be hoisted beside the package, not inside it.
    ...sqliteModuleDirs().map((dir) => `--allow-fs-read=${dir}`),
    ...files.read.map((dir) => `--allow-fs-read=${dir}`),
    ...files.write.map((dir) => `--allow-fs-write=${dir}`),
  ];
}

/** Where node-sqlite3-wasm (the sink child's one runtime dependency) resolves from the package: its folder. */
function sqliteModuleDirs(): string[] {
  try {
    const entry = createRequire(join(packageRoot(), 'package.json')).resolve('node-sqlite3-wasm');
    const at = entry.lastIndexOf(`${sep}node_modules${sep}node-sqlite3-wasm${sep}`);
    return at < 0 ? [] : [entry.slice(0, at + `${sep}node_modules${sep}node-sqlite3-wasm`.length)];
  } catch {
    return [];
  }
}

export async function openMachinery(): Promise<ExerciseMachinery> {
  const runDir = dataSubdir('run');
  await reapLeftovers(runDir);
  const runId = `ex-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const pidfile = new RunPidfile(runDir, runId);
  const children = new Set<LabChild<SinkChildMessage, SinkChildCommand>>();
  const groups = new Map<SinkChild | ClientChild, string>();
  let expiry: ExpiryRun | undefined;
  // postgres-sink's throwaway server: ended at close, from its spawn on (a check interrupted while it starts ends it too).
  let closing = false;
  let postgresLaunch: Promise<unknown> | undefined;
  const postgresEnders: (() => Promise<void>)[] = [];

  const killGroup = async (child: SinkChild | ClientChild): Promise<void> => {
    for (const sig of ['SIGCONT', 'SIGKILL'] as const) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // The group is gone already.
      }
    }
    await within(child.exited, 2000);
    const group = groups.get(child);
    if (group !== undefined) sweepGroup(group);
    children.delete(child as LabChild<SinkChildMessage, SinkChildCommand>);
  };

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      await postgresLaunch;
      await Promise.all([expiry?.end(), ...[...children].map((c) => killGroup(c)), ...postgresEnders.map((end) => end())]);
      if (!pidfile.removeIfAllEnded()) process.stderr.write('fence-tutor: a child outlived its end; the next run reaps it\n');
    })();
    return closed;
  };
  const unregister = onCleanup(close);

  return {
    startSinkChild(args, env, cwd, files) {
      const argv = [process.execPath, ...permissionFlags(files), binPath(), 'exercise-sink', ...args, '--run', runId];
      // A guard group of its own: the check's end ends it and every descendant, detached ones included.
      const group = newGuardGroup('sink');
      const proc = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: guardedEnv(env, group), cwd });
      const child = new LabChild<SinkChildMessage, SinkChildCommand>('your sink', proc, argv, parseSinkChildMessage, { lenient: true });
      groups.set(child, group);
      const stopWatch = watchMemory(child.pid, () => {
        child.note(`(the tutor) your sink ${OVER_MEMORY}; it was ended`);
        void killGroup(child);
      });
      child.onExit(stopWatch);
      pidfile.addChild({ role: 'exercise-sink', pid: child.pid, argv });
      children.add(child);
      return child;
    },
    killGroup,
    async supplyTokens(ttlMs): Promise<TokenEvidence> {
      expiry = startExpiry(ttlMs, pidfile, runId);
      const got = await expiry.tokens;
      // The workers and the coordinator stay (A stopped, B renewing: next to no CPU) and end
      // with everything else in close(), rather than competing with the checks for the cores now.
      return {
        ...got,
        observations: got.observations.map((o) => ({
          atMs: o.atMs,
          actor: o.actor,
          kind: o.kind,
          token: o.token,
          ...(o.note ? { note: o.note } : {}),
        })),
      };
    },
    async startPostgres() {
      const bin = findPostgresBin();
      if (!bin) throw new ToolMissingError('PostgreSQL', EXERCISE_POSTGRES_HINT);
      const { canConnect } = await import('../../lab/postgres/pg-session.js');
      const { launchPostgres } = await import('../../lab/postgres/postgres-server.js');
      const launch = launchPostgres(bin, canConnect, {
        recorder: pidfile,
        stopping: () => closing,
        onProcess: (proc) => postgresEnders.push(proc.stop),
      });
      postgresLaunch = launch.catch(() => undefined);
      const server = await launch;
      postgresEnders.push(server.server.stop);
      return { url: server.url };
    },
    async close() {
      await close();
      unregister();
    },
  };
}
