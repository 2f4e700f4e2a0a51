/**
 * Nothing left when the tutor dies, however it dies (issue 38). Each tutor
 * process starts one guardian (bin/fence-guard.cjs) the first time it
 * starts a child, in a session of its own, holding a pipe whose other end
 * only the tutor holds. Every child is started with `guardedEnv`, which
 * marks it (FENCE_GUARD=<this tutor's marker>) so that it and every
 * descendant, detached or not, is found in /proc. When the pipe closes
 * (the tutor exited, crashed or was SIGKILLed) the guardian ends every
 * marked process and removes the folders given to `removeWhenGone`. The
 * next run's reaping (lab/processes/pidfile.ts) stays as the second line.
 *
 * For the servers' launcher: start a server with
 *   spawn(bin, args, { env: guardedEnv(env), detached: true, ... })
 * and, for its data folder, `removeWhenGone(dir)`; nothing else is needed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

const GUARD_KEY = 'FENCE_GUARD';

interface Guardian {
  marker: string;
  proc: ChildProcess | undefined;
}

let guardian: Guardian | undefined;
let learnerCount = 0;
let nextGroup = 1;

function guardScript(): string {
  return join(packageRoot(), 'bin', 'fence-guard.cjs');
}

function ownEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '' };
  // A tutor started by a tutor (a test, the app's check) has a marker of its own; its guardian must not carry the outer one.
  delete env[GUARD_KEY];
  return env;
}

function start(): Guardian {
  if (guardian) return guardian;
  const marker = `${process.pid}-${randomBytes(6).toString('hex')}`;
  let proc: ChildProcess | undefined;
  if (process.platform === 'linux') {
    proc = spawn(process.execPath, [guardScript(), 'watch', marker, String(process.pid)], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env: ownEnv(),
    });
    proc.on('error', () => undefined);
    proc.stdin!.on('error', () => undefined);
    // The guardian lives as long as the tutor, but never keeps the tutor alive.
    proc.unref();
    (proc.stdin as unknown as { unref?: () => void }).unref?.();
  }
  guardian = { marker, proc };
  return guardian;
}

/**
 * Written at once, not queued: a stream's write reaches the pipe on a later
 * tick, and a SIGKILL before it would lose the line (a temp folder made
 * just before was left, 2 of 100 kills). A line is far below PIPE_BUF, so
 * it arrives whole.
 */
function tell(line: string): void {
  const g = start();
  const fd = (g.proc?.stdin as unknown as { _handle?: { fd?: number } } | undefined)?._handle?.fd;
  if (typeof fd === 'number' && fd >= 0) {
    try {
      writeSync(fd, `${line}\n`);
      return;
    } catch {
      // the guardian is gone (EPIPE): nothing to tell
      return;
    }
  }
  g.proc?.stdin?.write(`${line}\n`);
}

/**
 * `env` with this tutor's mark, under a group of its own when `group` is
 * given (a learner's process: `sweepGroup` ends it and its descendants).
 */
export function guardedEnv(env: NodeJS.ProcessEnv, group?: string): NodeJS.ProcessEnv {
  const { marker } = start();
  return { ...env, [GUARD_KEY]: group === undefined ? marker : `${marker}.${group}` };
}

/** A new group name for `guardedEnv`. */
export function newGuardGroup(prefix: string): string {
  return `${prefix}${nextGroup++}`;
}

/** The guardian removes `dir` once the tutor is gone (the tutor usually removes it first itself). */
export function removeWhenGone(dir: string): void {
  tell(`dir ${dir}`);
}

/**
 * While the learner's code runs: a tutor it stops (kill(ppid, SIGSTOP)) is
 * resumed by the guardian. Returns the end of that period.
 */
export function learnerRunning(): () => void {
  learnerCount++;
  if (learnerCount === 1) tell('learner 1');
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    learnerCount--;
    if (learnerCount === 0) tell('learner 0');
  };
}

/**
 * Ends now every process of `group` (guardedEnv's) and its descendants,
 * those that left its process group and session included; true when none
 * is left. Synchronous: a check's end waits for it.
 */
export function sweepGroup(group: string): boolean {
  if (process.platform !== 'linux') return true;
  const { marker } = start();
  const r = spawnSync(process.execPath, [guardScript(), 'sweep', `${marker}.${group}`], { stdio: 'ignore', env: ownEnv() });
  return r.status === 0;
}
