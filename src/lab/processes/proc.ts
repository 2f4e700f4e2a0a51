/**
 * What is running under a pid, read from /proc (Linux) or `ps` (macOS).
 * Pids are reused, so a pid alone never proves a process is ours: callers
 * compare the command line they recorded with the one running now.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Running (or stopped). A zombie has ended: it only waits for its parent to collect it. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return processState(pid) !== 'Z';
}

/** The argv a process runs with, or undefined when it is gone (or a zombie). */
export function commandLineOf(pid: number): string[] | undefined {
  if (!isAlive(pid)) return undefined;
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (raw === '') return undefined; // a zombie has an empty cmdline
    return raw.replace(/\0$/, '').split('\0');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || process.platform === 'linux') return undefined;
  }
  try {
    const out = execFileSync('ps', ['-p', String(pid), '-o', 'args='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const line = out.trim();
    return line === '' ? undefined : line.split(/\s+/);
  } catch {
    return undefined;
  }
}

/** True when `pid` still runs exactly `argv` (as recorded when it was started). */
export function runsCommand(pid: number, argv: readonly string[]): boolean {
  const now = commandLineOf(pid);
  if (!now) return false;
  if (process.platform === 'linux') return now.length === argv.length && now.every((a, i) => a === argv[i]);
  // `ps` splits on spaces, so compare the joined text.
  return now.join(' ') === argv.join(' ');
}

/** What a lock's owner wrote of itself (`{pid, argv}`), as read back: any field may be missing. */
export interface LockOwner {
  pid?: number;
  argv?: string[];
}

/**
 * A lock owner's file read back as data: `{}` when it is missing, half-written
 * (its writer died mid-write), or not an object (`null`, a list), never a TypeError.
 */
export function readLockOwner(path: string): LockOwner {
  try {
    const read: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof read === 'object' && read !== null ? (read as LockOwner) : {};
  } catch {
    return {};
  }
}

/** True when the recorded owner is a process still running its recorded command line. */
export function ownerRuns(owner: LockOwner): boolean {
  return Number.isInteger(owner.pid) && Array.isArray(owner.argv) && runsCommand(owner.pid!, owner.argv);
}

/**
 * When the process started, in clock ticks since boot (/proc/PID/stat field
 * 22): with the pid, an identity no reuse can fake. Undefined off Linux.
 */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** What a pidfile records to know a process again later. */
export interface ProcessIdentity {
  pid: number;
  argv: readonly string[];
  /** startTimeOf(pid) when it was recorded; absent in pidfiles of older versions. */
  startTime?: string;
}

/**
 * The recorded process is still running: same pid and start time where the
 * start time was recorded (the command line as seen in /proc may differ from
 * `process.argv`: `env node` bins, relative paths), else the same argv.
 */
export function stillRuns(recorded: ProcessIdentity): boolean {
  if (!isAlive(recorded.pid)) return false;
  if (recorded.startTime !== undefined) {
    const now = startTimeOf(recorded.pid);
    if (now !== undefined) return now === recorded.startTime;
  }
  return runsCommand(recorded.pid, recorded.argv);
}

/** How this process would be recognised later: its argv as /proc shows it, and its start time. */
export function selfIdentity(): { pid: number; argv: string[]; startTime?: string } {
  const startTime = startTimeOf(process.pid);
  return {
    pid: process.pid,
    argv: commandLineOf(process.pid) ?? process.argv,
    ...(startTime !== undefined ? { startTime } : {}),
  };
}

/** The process state letter from /proc (T = stopped), when known. */
export function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2);
    return after[0];
  } catch {
    return undefined;
  }
}
