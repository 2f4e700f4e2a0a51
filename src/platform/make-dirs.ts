/**
 * `mkdir -p` without Node 20's recursive mkdir. Under /proc that call never
 * returns: the kernel answers ENOENT for a folder whose parent exists, and
 * Node 20 takes ENOENT as "make the parent first" and tries again, forever,
 * in one synchronous call that no signal handler can interrupt
 * (`quiz --report /proc/x/r.json` spun at 100% CPU until SIGKILL). Here each
 * missing folder is made once, from the deepest one that exists, and the
 * first error is the caller's, as mkdirSync would throw it.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      statSync(at);
      break;
    } catch (err) {
      if (code(err) !== 'ENOENT') throw err;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  // Nothing missing: a folder already, or a file in the way, which mkdirSync names (EEXIST).
  if (missing.length === 0) {
    if (!statSync(dir).isDirectory()) mkdirSync(dir);
    return;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (err) {
      // Made meanwhile by another writer: as good as made here.
      if (code(err) !== 'EEXIST' || !statSync(folder).isDirectory()) throw err;
    }
  }
}
