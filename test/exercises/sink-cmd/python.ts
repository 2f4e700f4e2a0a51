/**
 * The Python that runs the example sink, resolved once per file: the
 * absolute path of the interpreter `python3` names. With pyenv (and other
 * version managers) `python3` on PATH is a shell shim that costs a second
 * or more of start-up each time, and the `--sink-cmd` tests start the sink
 * about forty times. The interpreter and the script are the same either way.
 * Needs python3 with its sqlite3 module: skips loudly without it, fails
 * under FENCE_REQUIRE_TOOLS=1 (CI installs it).
 */
import { spawnSync } from 'node:child_process';

function resolvePython(): string | undefined {
  const probe = spawnSync('python3', ['-c', 'import sqlite3, sys; print(sys.executable)'], { encoding: 'utf8' });
  const path = probe.status === 0 ? probe.stdout.trim() : '';
  // A path sh would split or expand is left to PATH (quoting it for every command is not worth it).
  if (path === '') return undefined;
  return /^[\w./-]+$/.test(path) ? path : 'python3';
}

/** The interpreter for a `--sink-cmd` command, or undefined when there is no python3 with sqlite3. */
export const PYTHON = resolvePython();

export function warnWithoutPython(what: string): void {
  if (PYTHON) return;
  const message = `python3 (with its sqlite3 module) is needed to run ${what}: apt-get install python3`;
  if (process.env.FENCE_REQUIRE_TOOLS === '1') throw new Error(message);
  console.warn(`\n*** SKIPPING ${what}: ${message} ***\n`);
}
