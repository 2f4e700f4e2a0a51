/**
 * What a tutor process started, seen from /proc (Linux): its descendants,
 * and every process carrying its guard mark (FENCE_GUARD=<its pid>-...),
 * which finds those that detached (setsid, double fork) and were handed to
 * init. For tests that SIGKILL a runner and then wait until nothing of it
 * is left.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  cmdline: string;
  environ: string;
}

function read(path: string): string {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return '';
  }
}

export function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === '') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      state: fields[0]!,
      cmdline: read(`/proc/${entry}/cmdline`).replaceAll('\0', ' '),
      environ: read(`/proc/${entry}/environ`),
    });
  }
  return out;
}

/** Live (not zombie) processes started by `root`, directly or not, or marked by its guard. */
export function startedBy(root: number, all = processes()): Proc[] {
  const live = all.filter((p) => p.state !== 'Z' && p.state !== 'X');
  const found = new Set<number>(live.filter((p) => p.environ.includes(`FENCE_GUARD=${root}-`)).map((p) => p.pid));
  found.add(root);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of live) {
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
    }
  }
  found.delete(root);
  return live.filter((p) => found.has(p.pid));
}
