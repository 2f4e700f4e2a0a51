/**
 * The one place a real server (etcd, Redis, ZooKeeper) is spawned. Every
 * launcher comes here, so a wrapper that must sit in front of every server
 * (a guardian that ends it when the tutor dies) is wired in one line: wrap
 * `argv` below.
 *
 * The process is recorded in the run's pidfile BEFORE it is spawned, by its
 * command line (which names the run's own temp dir); a runner killed between
 * the two leaves an entry the next run finds (pidfile.ts, `intend`). It gets
 * its own process group, our ETCD_* variables removed (they would override
 * etcd's flags), and its output appended to a log file, never our stdout: a
 * stopped orphan must not hold a CI pipe.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, fchownSync, openSync } from 'node:fs';
import { guardedEnv } from '../../platform/guard.js';
import { LabUnavailableError } from '../types.js';

/** What records a server before and after its spawn: the run's pidfile. */
export interface ServerRecorder {
  intend(role: string, argv: string[]): { spawned(pid: number): void };
  addTempDir(dir: string): void;
}

export interface SpawnedServer {
  readonly proc: ChildProcess;
  readonly pid: number;
  readonly argv: string[];
}

/** A server that refuses to run as root (PostgreSQL) runs as this user when we are root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

export function spawnServer(role: string, argv: string[], logPath: string, recorder: ServerRecorder, runAs?: RunAs): SpawnedServer {
  const slot = recorder.intend(role, argv);
  const logFd = openSync(logPath, 'a');
  if (runAs) fchownSync(logFd, runAs.uid, runAs.gid);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ETCD_')));
  let proc: ChildProcess;
  try {
    proc = spawn(argv[0]!, argv.slice(1), {
      stdio: ['ignore', logFd, logFd],
      // Marked: the tutor's guardian ends it (and what it forks) should the runner die first (platform/guard.ts).
      env: guardedEnv(env),
      detached: true,
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid, cwd: '/' } : {}),
    });
  } finally {
    closeSync(logFd);
  }
  // An ENOENT arrives as an event: without a listener it would crash the runner.
  proc.once('error', () => undefined);
  if (proc.pid === undefined) throw new LabUnavailableError(`could not start ${argv[0]}`);
  slot.spawned(proc.pid);
  return { proc, pid: proc.pid, argv };
}
