/**
 * Where the embedded coordinator keeps what must survive it: the revision
 * (so tokens keep increasing across runs) in `<data>/lab/coordinator.json`,
 * written atomically, and a lock file naming the one coordinator process
 * that may use it (two coordinators on one revision could hand out the same
 * token). A lock left by a coordinator that no longer runs is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonOrSetAside } from '../../content/shared/state-file.js';
import { writeJsonAtomic } from '../../platform/atomic-file.js';
import { toolVersion } from '../../platform/package-root.js';
import { ownerRuns, readLockOwner } from '../processes/proc.js';
import { LabUnavailableError } from '../types.js';

const COORDINATOR_SCHEMA_VERSION = 1;

export interface CoordinatorStateFile {
  schemaVersion: number;
  version: string;
  revision: number;
  updatedAt?: string;
}

export function statePaths(dir: string): { state: string; lock: string } {
  return { state: join(dir, 'coordinator.json'), lock: join(dir, 'coordinator.lock') };
}

export function readRevision(statePath: string): number {
  const { value } = readJsonOrSetAside<CoordinatorStateFile>(
    statePath,
    () => ({ schemaVersion: COORDINATOR_SCHEMA_VERSION, version: toolVersion(), revision: 0 }),
    (raw) => {
      const r = raw as Partial<CoordinatorStateFile>;
      if (typeof r.revision !== 'number' || !Number.isInteger(r.revision) || r.revision < 0) {
        throw new Error('revision is not a non-negative integer');
      }
      return r as CoordinatorStateFile;
    },
  );
  return value.revision;
}

export function writeRevision(statePath: string, revision: number): void {
  writeJsonAtomic(statePath, {
    schemaVersion: COORDINATOR_SCHEMA_VERSION,
    version: toolVersion(),
    revision,
    updatedAt: new Date().toISOString(),
  } satisfies CoordinatorStateFile);
}

/** Takes the single-instance lock; returns a function that gives it back. */
export function lockCoordinatorState(lockPath: string): () => void {
  const mine = JSON.stringify({ pid: process.pid, argv: process.argv });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      writeSync(fd, mine);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === mine) rmSync(lockPath, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readLockOwner(lockPath);
    if (ownerRuns(owner)) {
      throw new LabUnavailableError(`another lab run is using the embedded coordinator (pid ${owner.pid}); wait for it to finish or end it`);
    }
    rmSync(lockPath, { force: true });
  }
  throw new LabUnavailableError(`could not take ${lockPath}`);
}
