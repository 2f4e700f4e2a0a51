/**
 * What a lab run left behind, found without trusting its pidfile: every
 * process whose environment carries the run's FENCE_TUTOR_HOME (the runner's
 * children and etcd inherit it), pidfiles still under run/, and temp
 * directories a pidfile named.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PidfileContent } from '../../src/lab/processes/pidfile.js';
import { isAlive } from '../../src/lab/processes/proc.js';

/** Live processes (zombies excluded) started with FENCE_TUTOR_HOME=home. */
export function processesOfHome(home: string): number[] {
  const needle = `FENCE_TUTOR_HOME=${home}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (`${readFileSync(`/proc/${pid}/environ`, 'latin1')}\0`.includes(needle) && isAlive(pid)) found.push(pid);
    } catch {
      // gone, or not ours
    }
  }
  return found;
}

export function pidfilesOf(home: string): string[] {
  try {
    return readdirSync(join(home, 'run')).filter((n) => n.startsWith('lab-'));
  } catch {
    return [];
  }
}

/** Polls the run dir until a pidfile satisfies `ready`; returns its content. */
export async function waitForPidfile(home: string, ready: (p: PidfileContent) => boolean, ms = 20_000): Promise<PidfileContent> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    for (const name of pidfilesOf(home)) {
      try {
        const content = JSON.parse(readFileSync(join(home, 'run', name), 'utf8')) as PidfileContent;
        if (ready(content)) return content;
      } catch {
        // being replaced
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no pidfile under ${home}/run reached the awaited phase within ${ms} ms`);
}

/**
 * Everything still there: processes, pidfiles, temp dirs named by `seen`
 * pidfiles. The cheap signs (the pids and temp dirs the pidfiles named,
 * pidfiles still under run/) are polled first; the scan of every process's
 * environment, which does not trust the pidfiles, runs once they are clear
 * (and again while it still finds something). Scanning /proc every 20 ms
 * from five runs side by side kept a core busy and slowed the runs it waited for.
 */
export async function leftovers(home: string, seen: PidfileContent[] = [], ms = 3000): Promise<string[]> {
  const deadline = Date.now() + ms;
  const named = seen.flatMap((p) => p.children.map((c) => c.pid));
  for (;;) {
    const cheap = [
      ...named.filter(isAlive).map((p) => `process ${p}`),
      ...pidfilesOf(home).map((n) => `pidfile ${n}`),
      ...seen
        .flatMap((p) => p.tempDirs)
        .filter((d) => existsSync(d))
        .map((d) => `temp dir ${d}`),
    ];
    const overdue = Date.now() > deadline;
    if (cheap.length === 0 || overdue) {
      const left = [...new Set([...cheap, ...processesOfHome(home).map((p) => `process ${p}`)])];
      if (left.length === 0 || overdue) return left;
      await new Promise((r) => setTimeout(r, 100));
    } else {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
