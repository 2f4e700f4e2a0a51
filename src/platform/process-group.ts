/**
 * Whether a process group still has a live member. `kill(-pgid, 0)` alone
 * also counts zombies: a member whose parent died in the same SIGKILL is
 * handed to PID 1 and stays a zombie until PID 1 reaps it, which under some
 * inits (containers, VMs) takes seconds. A zombie holds no port, no file and
 * no CPU, so on Linux the group is "alive" only while /proc shows a member
 * that is not one. Elsewhere `kill(-pgid, 0)` is the answer.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  return liveMemberInProc(pgid);
}

function liveMemberInProc(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true; // no /proc to look in: trust kill(-pgid, 0)
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // gone between the listing and the read
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}
