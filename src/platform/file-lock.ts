/**
 * A lock file beside a state file, so two fence-tutor processes on one data
 * directory take turns to re-read, merge and write it. Synchronous (the
 * stores save synchronously) and short: a holder keeps it for one read and
 * one atomic write. A lock whose holder has died (SIGKILL between create and
 * remove) is recovered: its pid no longer runs with the recorded start time,
 * or it is older than any write could take.
 */
import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { withPath } from './write-failure.js';

export interface LockOptions {
  /** How long to wait for a live holder before giving up. */
  waitMs?: number;
  /** A lock older than this is stale whoever holds it (no write takes this long). */
  staleMs?: number;
}

interface Holder {
  pid: number;
  startTime?: string;
  at: number;
}

/** The other process holds the lock for longer than we can wait: the message names it and the fix. */
export class LockBusyError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `${lockPath} is held by another fence-tutor (pid ${holderPid ?? 'unknown'}) for too long. ` +
        'Fix: try again in a moment; if no fence-tutor is running, delete that file',
    );
    this.name = 'LockBusyError';
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function holderRuns(h: Holder): boolean {
  try {
    process.kill(h.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (h.startTime === undefined) return true;
  const now = startTimeOf(h.pid);
  return now === undefined || now === h.startTime;
}

function readHolder(path: string): Holder | undefined {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    if (typeof raw.pid !== 'number' || typeof raw.at !== 'number') return undefined;
    return { pid: raw.pid, at: raw.at, ...(typeof raw.startTime === 'string' ? { startTime: raw.startTime } : {}) };
  } catch {
    return undefined;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw withPath(err, lockPath);
  }
  try {
    const startTime = startTimeOf(process.pid);
    writeSync(fd, JSON.stringify({ pid: process.pid, at: Date.now(), ...(startTime ? { startTime } : {}) }));
  } catch (err) {
    // A lock we could not fill (a full disk) is not ours to keep: an empty one would stall the next writer.
    closeSync(fd);
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone
    }
    throw withPath(err, lockPath);
  }
  closeSync(fd);
  return true;
}

/**
 * Moves a stale lock out of the way. Renamed first, then checked: if what was
 * renamed is not the stale lock we judged (another process recovered it and
 * took a fresh one meanwhile), it is linked back, which fails harmlessly if
 * the path has been taken again.
 */
function recoverStale(lockPath: string, judged: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // already gone
  }
  let moved = '';
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    // unreadable: treat as the stale one
  }
  if (moved !== judged && moved !== '') {
    try {
      linkSync(aside, lockPath);
    } catch {
      // taken again meanwhile: that holder goes on; ours waits its turn
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // nothing to remove
  }
}

/** Runs `fn` holding `<path>.lock`; the lock is removed whatever `fn` does. */
export function withFileLock<T>(path: string, fn: () => T, opts: LockOptions = {}): T {
  const lockPath = `${path}.lock`;
  const waitMs = opts.waitMs ?? 5000;
  const staleMs = opts.staleMs ?? 30_000;
  const deadline = Date.now() + waitMs;
  let pause = 1;
  while (!tryCreate(lockPath)) {
    // Checked first, so no path through the loop (a stale lock that cannot be moved) spins forever.
    if (Date.now() > deadline) throw new LockBusyError(lockPath, readHolder(lockPath)?.pid);
    let text = '';
    try {
      text = readFileSync(lockPath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile: try again at once
      throw err;
    }
    const holder = readHolder(lockPath);
    // A lock file being written has no holder yet; one left empty by a kill is stale after a moment.
    const stale = holder ? !holderRuns(holder) || Date.now() - holder.at > staleMs : ageMs(lockPath) > 2000;
    if (stale) {
      recoverStale(lockPath, text);
      continue;
    }
    sleepSync(pause);
    pause = Math.min(pause * 2, 20);
  }
  try {
    return fn();
  } finally {
    try {
      unlinkSync(lockPath);
    } catch {
      // removed by a stale-lock recovery after a very long hold; nothing to undo
    }
  }
}
