/**
 * The Exercises screen does its work through the tutor's own commands in a
 * child process (`exercises --json`, `exercise start`, `exercise check
 * --json`): a check starts processes, waits out a lease and may take
 * seconds, and none of that may run on the thread that draws the screen
 * and reads Ctrl-C. A child still running when the app ends is sent
 * SIGTERM (it ends its own children and exits 143).
 */
import { spawn } from 'node:child_process';
import { binPath } from '../../../lab/processes/children.js';
import { onCleanup } from '../../../platform/cleanup.js';

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliChild {
  done: Promise<CliOutcome>;
  /** SIGTERM now; SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): void;
}

const MAX_OUTPUT = 4 * 1024 * 1024;

export function runCliChild(args: string[], env: NodeJS.ProcessEnv = process.env): CliChild {
  const child = spawn(process.execPath, [binPath(), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, NODE_OPTIONS: '' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    if (stdout.length < MAX_OUTPUT) stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < MAX_OUTPUT) stderr += c.toString('utf8');
  });
  let killTimer: NodeJS.Timeout | undefined;
  const stop = (graceMs = 2000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    killTimer.unref();
  };
  const removeHook = onCleanup(() => stop(500));
  const done = new Promise<CliOutcome>((resolve) => {
    child.once('close', (code) => {
      clearTimeout(killTimer);
      removeHook();
      resolve({ code, stdout, stderr });
    });
    child.once('error', (err) => {
      removeHook();
      resolve({ code: null, stdout, stderr: `${stderr}${err.message}` });
    });
  });
  return { done, stop };
}
