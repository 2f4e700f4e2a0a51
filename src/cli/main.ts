/**
 * The bundle's entry point: run the program, leave with its status. Built as
 * CommonJS (scripts/build.mjs), so no top-level await; bin/fence-tutor.js
 * calls run(). Loading the entry runs nothing: the ESM parts and the
 * explorer's worker thread require it for the modules it holds (one copy of
 * each, scripts/build.mjs, "fence-entry").
 *
 * The fast command path (fast-path.ts) answers first when it can; commander
 * and every command's definition load only when it does not (program.ts is
 * imported lazily, held in the entry: scripts/build.mjs, INLINE).
 */
import { exitOnCrash } from '../platform/cleanup.js';
import { runFast } from './fast-path.js';

function viaCommander(then: (program: typeof import('./program.js')) => Promise<number>): Promise<number> {
  return import('./program.js').then(then);
}

/**
 * The program's work for `argv`, resolved with its exit status: the fast
 * path's answer, else commander's. Sets no exit status and installs no
 * process-wide handler, so a test can await it in its own process
 * (test/helpers/cli-in-process.ts); run() adds both.
 */
export function runToStatus(argv: readonly string[]): Promise<number> {
  try {
    const fast = runFast(argv);
    if (fast === undefined) return viaCommander((program) => program.main([...argv]));
    if (typeof fast === 'number') return Promise.resolve(fast);
    return fast.then(
      (code) => code,
      (err: unknown) => viaCommander((program) => program.reportError(err)),
    );
  } catch (err) {
    // Reported as commander's path reports any error (a fast command writes nothing before it can fail).
    return viaCommander((program) => program.reportError(err));
  }
}

export function run(argv: readonly string[]): void {
  // A crash outside main's promise chain still ends what was started (cleanup hooks).
  exitOnCrash(async (err) => (await import('./program.js')).reportError(err));
  void runToStatus(argv).then((code) => {
    process.exitCode = code;
  });
}
