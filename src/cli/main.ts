/**
 * The bundle's entry point: run the program, leave with its status. Built as
 * CommonJS (scripts/build.mjs), so no top-level await.
 */
import { exitOnCrash } from '../platform/cleanup.js';
import { main, reportError } from './program.js';

// A crash outside main's promise chain still ends what was started (cleanup hooks).
exitOnCrash(reportError);
void main(process.argv).then((code) => {
  process.exitCode = code;
});
