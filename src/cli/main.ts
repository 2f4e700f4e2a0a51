/**
 * The bundle's entry point: run the program, leave with its status. Built as
 * CommonJS (scripts/build.mjs), so no top-level await.
 */
import { main } from './program.js';

void main(process.argv).then((code) => {
  process.exitCode = code;
});
