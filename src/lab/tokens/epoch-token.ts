/**
 * The restore experiment's epoch tokens: `[epoch, revision]`, compared like
 * the simulator's tokens (epoch first). The sink's fenced rows compare one
 * SQLite INTEGER, so an epoch-mode token travels packed as
 * `epoch * 2^32 + revision`: integer order on the packed form is exactly
 * lexicographic order on the pair while a revision stays below 2^32, and an
 * epoch below 2^21 keeps it a safe JavaScript integer.
 *
 * The epoch lives in a small file in the run's directory, read by a worker
 * when it acquires and raised by the runner when it restores etcd from a
 * snapshot: the one step that can hand out a revision twice.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../platform/atomic-file.js';

const REVISION_SPAN = 2 ** 32;
const MAX_EPOCH = 2 ** 21 - 1;

export function packEpochToken(epoch: number, revision: number): number {
  if (!Number.isInteger(epoch) || epoch < 0 || epoch > MAX_EPOCH) throw new RangeError(`epoch ${epoch} out of range`);
  if (!Number.isInteger(revision) || revision < 0 || revision >= REVISION_SPAN) {
    throw new RangeError(`revision ${revision} out of range`);
  }
  return epoch * REVISION_SPAN + revision;
}

export function unpackEpochToken(packed: number): [number, number] {
  return [Math.floor(packed / REVISION_SPAN), packed % REVISION_SPAN];
}

/** The epoch in `path`: a whole number on one line. A missing file is epoch 0; anything else is an error. */
export function readEpoch(path: string): number {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const epoch = Number(text.trim());
  if (text.length > 32 || !Number.isInteger(epoch) || epoch < 0 || epoch > MAX_EPOCH) {
    throw new Error(`${path}: not an epoch (a whole number from 0 to ${MAX_EPOCH})`);
  }
  return epoch;
}

export function writeEpoch(path: string, epoch: number): void {
  writeFileAtomic(path, `${epoch}\n`);
}

/** Raises the epoch by one (atomically: temp, fsync, rename) and returns the new value. */
export function raiseEpoch(path: string): number {
  const next = readEpoch(path) + 1;
  writeEpoch(path, next);
  return next;
}
