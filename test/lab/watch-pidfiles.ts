/** Shared by the tests that interrupt a run in each phase (etcd's cluster, ZooKeeper's ensemble). */
import { mkdirSync, readdirSync, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import type { PidfileContent } from '../../src/lab/processes/pidfile.js';

/**
 * Everything any version of the run's pidfile named. Each version is
 * renamed into place, so a watch on the run dir (inotify) sees every one as
 * it lands; an unhurried poll backs it up. (Polling every 5 ms, eleven runs
 * at once kept a tenth of a core busy reading pidfiles.)
 */
export function watchPidfiles(home: string): { pids: Set<number>; dirs: Set<string>; roles: Set<string>; stop: () => void } {
  const seen = { pids: new Set<number>(), dirs: new Set<string>(), roles: new Set<string>() };
  const runDir = join(home, 'run');
  mkdirSync(runDir, { recursive: true });
  const read = () => {
    try {
      for (const name of readdirSync(runDir).filter((n) => n.startsWith('lab-'))) {
        const content = JSON.parse(readFileSync(join(runDir, name), 'utf8')) as PidfileContent;
        for (const c of content.children) {
          seen.pids.add(c.pid);
          seen.roles.add(c.role);
        }
        for (const d of content.tempDirs) seen.dirs.add(d);
      }
    } catch {
      // being renamed into place, or removed
    }
  };
  const watcher = watch(runDir, read);
  const timer = setInterval(read, 50);
  return {
    ...seen,
    stop: () => {
      read();
      watcher.close();
      clearInterval(timer);
    },
  };
}
