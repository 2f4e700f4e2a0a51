/**
 * Whatever starts something registers how to end it here. On SIGINT, SIGTERM
 * or SIGHUP every hook runs (newest first) before the process exits with 130,
 * 143 or 129; in the CLI (which calls `exitOnCrash`) an uncaught exception or
 * unhandled rejection runs them too, then exits with the reported status (1).
 * Ink runs with exitOnCtrlC false and calls `runCleanup` itself.
 */
import { errorMessage } from './error-message.js';
import { EXIT } from './exit-codes.js';

type Hook = () => void | Promise<void>;
/** Prints what crashed (the CLI's reportError, which neutralises it) and says the exit status. */
type CrashReporter = (err: unknown) => number | Promise<number>;

const hooks = new Set<Hook>();
let installed = false;
let exiting = false;
/** Set once a command's outcome is printed: a later signal still ends what runs, but exits with this. */
let decided: number | undefined;

/**
 * The command's result is out (a lab's --json printed): a signal from now on
 * runs the hooks as before but exits with `code`, not 130/143, and the
 * interruption is not reported, since nothing was interrupted that mattered.
 */
export function outcomeDecided(code: number): void {
  decided = code;
}

export function onCleanup(hook: Hook): () => void {
  hooks.add(hook);
  installSignalHandlers();
  return () => hooks.delete(hook);
}

export async function runCleanup(): Promise<void> {
  const list = [...hooks].reverse();
  hooks.clear();
  for (const hook of list) {
    try {
      await hook();
    } catch (err) {
      process.stderr.write(`cleanup failed: ${errorMessage(err)}\n`);
    }
  }
}

export async function exitAfterCleanup(code: number): Promise<never> {
  if (!exiting) {
    exiting = true;
    // Ending children under running work rejects what awaited them ("exited
    // before it was ready"): expected now, never a stack and exit 1 instead of 130/143.
    process.on('unhandledRejection', () => undefined);
    await runCleanup();
  }
  process.exit(code);
}

/**
 * From now on SIGINT/SIGTERM/SIGHUP run the hooks and exit 130/143/129, even
 * before the first hook is registered (a command that will start processes
 * calls this first, so an early signal exits the same way as a late one).
 */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('SIGINT', () => void exitAfterCleanup(decided ?? EXIT.interrupted));
  process.on('SIGTERM', () => void exitAfterCleanup(decided ?? EXIT.terminated));
  process.on('SIGHUP', () => void exitAfterCleanup(decided ?? 129 /* SIGHUP: 128 + 1, not one of ours */));
}

/**
 * From now on an uncaught exception (or unhandled rejection) is reported and
 * runs the hooks before exiting: without this a crash would end the process
 * and leave the children it started running. Only the entry calls it
 * (src/cli/main.ts, with the CLI's reportError): in a test worker it would
 * turn a failing test into an exit.
 */
export function exitOnCrash(report: CrashReporter): void {
  process.on('uncaughtException', (err) => {
    if (exiting) return;
    void (async () => {
      let code = 1;
      try {
        code = await report(err);
      } catch (reportFailed) {
        process.stderr.write(`fence-tutor: unexpected error (and it could not be reported: ${JSON.stringify(errorMessage(reportFailed))})\n`);
      }
      await exitAfterCleanup(code);
    })();
  });
}
