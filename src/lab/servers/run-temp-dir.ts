/**
 * A temp dir for one server, recorded in the run's pidfile BEFORE it is made:
 * a runner killed in between leaves a name the next run removes, never a
 * folder nobody knows of. The name has mkdtemp's shape (`fence-...-XXXXXX`),
 * which is what the reaper agrees to remove (pidfile.ts, `isLabTempDir`).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeWhenGone } from '../../platform/guard.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function makeRecordedTempDir(prefix: string, recorder: { addTempDir(dir: string): void }): string {
  for (;;) {
    const suffix = [...randomBytes(6)].map((b) => LETTERS[b % LETTERS.length]).join('');
    const dir = join(tmpdir(), `${prefix}-${suffix}`);
    recorder.addTempDir(dir);
    // The guardian removes it too, once the tutor is gone (after ending the server that uses it).
    removeWhenGone(dir);
    try {
      mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
