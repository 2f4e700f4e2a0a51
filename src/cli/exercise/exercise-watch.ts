/**
 * `exercise check ID --watch`: checks now, then again on every save of the
 * learner's file (or, with `--sink-cmd`, of any file in the exercise's
 * folder), the screen cleared between runs, until Ctrl-C (130, children
 * ended by the cleanup hooks). fs.watch on the folder, not the file: editors
 * save by renaming a new file over the old one, which a watch on the file
 * itself stops seeing. Saves during a run queue one rerun.
 */
import { existsSync, watch } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { installSignalHandlers, onCleanup } from '../../platform/cleanup.js';
import { UsageError } from '../../platform/errors.js';
import { EXIT } from '../../platform/exit-codes.js';
import { exerciseDir, requireExercise } from './exercise-actions.js';
import type { CheckFlags } from './exercise-check.js';
import { errorMessage } from '../../platform/error-message.js';

/** Saves closer together than this are one save (an editor writes, renames, touches). */
const WATCH_DEBOUNCE_MS = 60;
const CLEAR = '\u001b[2J\u001b[3J\u001b[H';
/** Files in the folder that never mean "the learner saved" (databases, caches, editor swap files). */
const IGNORED = /^\.|~$|\.swp$|^__pycache__$|\.(db|sqlite|sqlite3)(-journal|-wal|-shm)?$/;

function watchStoppedLine(runs: number): string {
  return `fence-tutor: watch stopped after ${runs} run${runs === 1 ? '' : 's'}; every process it started has ended`;
}

export async function watchExercise<Flags extends CheckFlags>(id: string, opts: Flags, checkOnce: (flags: Flags) => Promise<number>): Promise<number> {
  installSignalHandlers();
  const exercise = requireExercise(id);
  const dir = exerciseDir(id, opts.dir);
  const file = join(dir, exercise.file);
  const sinkCmd = opts.sinkCmd !== undefined;
  if (!sinkCmd && !existsSync(file)) {
    throw new UsageError(
      `${id} is not started: ${file} does not exist. Fix: fence-tutor exercise start ${id}${opts.dir ? ` --dir ${JSON.stringify(opts.dir)}` : ''}`,
    );
  }
  const folder = sinkCmd ? (existsSync(dir) ? dir : process.cwd()) : dirname(file);
  const watched = sinkCmd ? `the files in ${folder}` : file;
  let runs = 0;
  // The oldest hook, so it runs last (newest first): after each run's children have ended, the
  // line is true when said, as the lab says it on Ctrl-C. Exit stays 130 (143 on SIGTERM).
  onCleanup(() => {
    process.stderr.write(`${watchStoppedLine(runs)}\n`);
  });
  let running = false;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async (why: string): Promise<void> => {
    running = true;
    runs += 1;
    process.stdout.write(process.stdout.isTTY ? CLEAR : '\n');
    process.stdout.write(`Run ${runs} (${why})\n`);
    try {
      await checkOnce({ ...opts, watch: false, watching: true });
    } catch (err) {
      // A syntax error halfway through an edit is normal while watching: say it, keep watching.
      if (!(err instanceof UsageError)) throw err;
      process.stdout.write(`fence-tutor: ${errorMessage(err)}\n`);
    }
    process.stdout.write(`\nRun ${runs} done. Watching ${watched}: save to check again; Ctrl-C stops.\n`);
    running = false;
    if (pending) {
      pending = false;
      await runOnce('saved during the last run');
    }
  };

  const saved = () => {
    if (running) {
      pending = true;
      return;
    }
    void runOnce(`saved at ${new Date().toLocaleTimeString()}`).catch(fail);
  };
  const fail = (err: unknown) => {
    process.stderr.write(`fence-tutor: ${errorMessage(err)}\n`);
    process.exit(EXIT.failed);
  };

  const target = basename(file);
  watch(folder, (_event, name) => {
    const changed = name?.toString();
    if (!changed || (sinkCmd ? IGNORED.test(changed) : changed !== target)) return;
    clearTimeout(timer);
    timer = setTimeout(saved, WATCH_DEBOUNCE_MS);
  });
  // Watching before the first run: a save during it queues the next.
  await runOnce('first check');
  // Never resolves: Ctrl-C (130) or SIGTERM (143) ends the watch through the cleanup hooks.
  return new Promise<number>(() => undefined);
}
