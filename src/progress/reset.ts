/**
 * `progress --reset`: erase the progress file. On a terminal it asks
 * first (anything but "y"/"yes" keeps it); without one it refuses unless
 * `--yes` was given, so a script never erases by accident, and never hangs
 * waiting for an answer nobody can type.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { UsageError } from '../platform/errors.js';
import { withFileLock } from '../platform/file-lock.js';
import { progressPath } from './progress-file.js';

export interface ResetOptions {
  yes: boolean;
  json: boolean;
  path?: string;
  /** Streams, so tests can answer the question. */
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** How long to wait for another fence-tutor saving progress (tests shorten it). */
  lockWaitMs?: number;
  output?: NodeJS.WritableStream & { isTTY?: boolean };
}

export async function resetProgress(o: ResetOptions): Promise<number> {
  const path = o.path ?? progressPath();
  const input = o.input ?? process.stdin;
  const output = o.output ?? process.stdout;
  const say = (m: string) => (o.json ? process.stderr : output).write(`${m}\n`);
  if (!existsSync(path)) {
    if (o.json) process.stdout.write(`${JSON.stringify({ reset: false, file: path, reason: 'no progress file' })}\n`);
    else say(`Nothing to reset: there is no progress file (${path}).`);
    return 0;
  }
  if (!o.yes) {
    if (!(input.isTTY && output.isTTY) || o.json) {
      throw new UsageError(
        '--reset erases your lesson progress, exercise status (started, passed, hints seen) and solved challenges; without a terminal to ask on, add --yes to confirm',
      );
    }
    const rl = createInterface({ input, output, terminal: false });
    let answer: string;
    try {
      answer = await rl.question(`Erase your lesson progress, exercise status and solved challenges (${path})? This cannot be undone. [y/N] `);
    } finally {
      rl.close();
    }
    if (!/^y(es)?$/i.test(answer.trim())) {
      say('Kept: nothing was erased.');
      return 0;
    }
  }
  // Under the same lock as saveProgressMerged, so a reset never interleaves
  // with another instance's read-merge-write (which would bring the erased
  // progress back, or lose the reset).
  withFileLock(
    path,
    () => {
      if (existsSync(path)) unlinkSync(path);
    },
    o.lockWaitMs === undefined ? {} : { waitMs: o.lockWaitMs },
  );
  if (o.json) process.stdout.write(`${JSON.stringify({ reset: true, file: path })}\n`);
  else
    say(
      `Progress erased (${path}): lessons, exercise status and solved challenges. Review boxes, quiz and exercise reports, and your exercise files were kept.`,
    );
  return 0;
}
