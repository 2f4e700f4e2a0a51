/**
 * Runs the program's entry inside the test's own process, as `runCli`
 * (test/cli/cli-run.ts) runs the built one in a child: same arguments, an
 * environment on top of the test's (FENCE_TUTOR_HOME and the like), text on
 * stdin, and the same answer, {status, stdout, stderr}. Nothing is built or
 * spawned, so a test of a command's output, exit status or files needs no
 * dist/ and belongs to the quick tier (test/README.md, "Tiers").
 *
 * While the program runs:
 * - what it prints through writeStdout/writeStderr (src/cli/stdout.ts) or
 *   process.stdout/stderr is captured, neither stream is a terminal, and
 *   stdin is the given text (then its end);
 * - `process.exit(code)` records the status and throws, so nothing after it
 *   runs, and `process.exitCode` is read, then put back as it was;
 * - the environment is the test's plus `env`, without CI (as runCli), and
 *   with the build's content snapshot off (FENCE_TUTOR_BUILT_CONTENT=0:
 *   the real loaders, the same text whether dist/ exists or not).
 * Each run loads src/ afresh (vi.resetModules), so a cache, a store or an
 * environment variable read at import in one run is not what the next sees,
 * as in a new process. Signal handlers the run installs are removed after it.
 *
 * Runs one at a time: the streams and the environment are the process's.
 * The cwd is the test process's (a worker thread cannot change it): pass
 * absolute paths. What needs a real process (exit codes as the shell sees
 * them, stdout flushed at exit, signals) stays in `*.proc.test.ts` smoke tests.
 */
import { Readable } from 'node:stream';
import { vi } from 'vitest';
import type { CliRun } from '../cli/cli-run.js';

/** Thrown by the stand-in for process.exit: ends the run where the real call would end the process. */
export class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

export interface InProcessOptions {
  /** What the program reads on stdin (empty by default, then end of input). */
  input?: string;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'uncaughtException', 'unhandledRejection'] as const;

let running = false;

export async function runCliInProcess(args: string[], env: NodeJS.ProcessEnv = {}, options: InProcessOptions = {}): Promise<CliRun> {
  if (running) throw new Error('runCliInProcess: one run at a time (the streams and environment are the process’s)');
  running = true;
  const stdout: string[] = [];
  const stderr: string[] = [];
  const restore = swapProcess(env, options.input ?? '', stdout, stderr);
  let status: number;
  try {
    vi.resetModules();
    const { redirectOutput } = await import('../../src/cli/stdout.js');
    const undoRedirect = redirectOutput({ stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t) });
    try {
      const { runToStatus } = await import('../../src/cli/main.js');
      status = await Promise.race([runToStatus(['node', 'fence-tutor', ...args]), restore.exited]);
    } catch (err) {
      if (!(err instanceof ExitCalled)) throw err;
      status = err.code;
    } finally {
      undoRedirect();
    }
    if (restore.exitCalled !== undefined) status = restore.exitCalled;
  } finally {
    restore.undo();
    running = false;
  }
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

interface Swap {
  /** Resolves with the status when the program calls process.exit. */
  exited: Promise<number>;
  exitCalled: number | undefined;
  undo: () => void;
}

function swapProcess(env: NodeJS.ProcessEnv, input: string, stdout: string[], stderr: string[]): Swap {
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  const savedExit = process.exit;
  const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin');
  const listeners = new Map(SIGNALS.map((name) => [name, process.listeners(name as 'SIGINT')]));
  const outWrite = Object.getOwnPropertyDescriptor(process.stdout, 'write');
  const errWrite = Object.getOwnPropertyDescriptor(process.stderr, 'write');
  const outTty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');

  Object.assign(process.env, { FENCE_TUTOR_BUILT_CONTENT: '0' }, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  delete process.env.CI;
  process.exitCode = undefined;

  let onExit: (code: number) => void = () => undefined;
  const swap: Swap = {
    exited: new Promise<number>((resolve) => {
      onExit = resolve;
    }),
    exitCalled: undefined,
    undo: () => undefined,
  };
  process.exit = ((code?: number | string | null) => {
    const status = code === undefined || code === null ? (typeof process.exitCode === 'number' ? process.exitCode : 0) : Number(code);
    swap.exitCalled ??= status;
    onExit(status);
    throw new ExitCalled(status);
  }) as typeof process.exit;
  const stdin = Object.assign(Readable.from(input === '' ? [] : [input]), { isTTY: false, fd: 0 });
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
  const capture = (into: string[]) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  Object.defineProperty(process.stdout, 'write', { configurable: true, writable: true, value: capture(stdout) });
  Object.defineProperty(process.stderr, 'write', { configurable: true, writable: true, value: capture(stderr) });
  Object.defineProperty(process.stdout, 'isTTY', { configurable: true, writable: true, value: false });

  swap.undo = () => {
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
    process.exitCode = savedExitCode;
    process.exit = savedExit;
    if (stdinDescriptor) Object.defineProperty(process, 'stdin', stdinDescriptor);
    restoreOwn(process.stdout, 'write', outWrite);
    restoreOwn(process.stderr, 'write', errWrite);
    restoreOwn(process.stdout, 'isTTY', outTty);
    for (const [name, before] of listeners) {
      for (const added of process.listeners(name as 'SIGINT')) if (!before.includes(added)) process.removeListener(name, added as () => void);
    }
  };
  return swap;
}

function restoreOwn(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}
