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
