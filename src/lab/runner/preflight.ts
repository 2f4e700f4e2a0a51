/**
 * The checks a lab run makes before it starts anything, in a module of their
 * own: `lab` on a terminal makes them before the Lab screen opens, and loads
 * the runner (run-lab.ts and the servers behind it) only once the screen runs
 * (the Lab screen's first frame, issue 32: within 3.0x node -e 0).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LabUnavailableError } from '../types.js';

/** The lab pauses a worker with SIGSTOP: no such signal on Windows. */
export function assertLabSupported(platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') {
    throw new LabUnavailableError(
      'the lab needs SIGSTOP to pause a worker, which Windows does not have; the rest of the tutor works here (try `fence-tutor sim --scenario late-write`)',
    );
  }
}

/** Never mix two runs' evidence (an old mark in the same database would change the outcome). */
export function assertFreshOutDir(outDir: string): void {
  for (const file of ['run.json', 'sink.sqlite']) {
    if (existsSync(join(outDir, file))) {
      throw new LabUnavailableError(`${outDir} already holds a lab run's evidence (${file}). Fix: give a new --out directory, or leave --out out`);
    }
  }
}
