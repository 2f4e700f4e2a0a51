/**
 * The learner's memory cap (issue 38, D7): a watchdog on a process's
 * resident memory, read from /proc (Linux; elsewhere only the heap cap of
 * `--max-old-space-size` applies). V8's heap cap does not count Buffers or
 * what native code holds, so the resident size is what is watched.
 */
import { readFileSync } from 'node:fs';

const LEARNER_MEMORY_MB = 512;
/** V8's own cap for every node process the learner's code runs in (NODE_OPTIONS). */
export const LEARNER_NODE_OPTIONS = `--max-old-space-size=${LEARNER_MEMORY_MB}`;
export const OVER_MEMORY = `used more than ${LEARNER_MEMORY_MB} MB of memory, the cap for your code`;

const CHECK_EVERY_MS = 100;

export function residentBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Calls `over` once when `pid` holds more than the cap; returns the stop. */
export function watchMemory(pid: number, over: () => void, capBytes = LEARNER_MEMORY_MB * 1024 * 1024): () => void {
  if (process.platform !== 'linux') return () => undefined;
  const timer = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss === undefined) clearInterval(timer);
    else if (rss > capBytes) {
      clearInterval(timer);
      over();
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
