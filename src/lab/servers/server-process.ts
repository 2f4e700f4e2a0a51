/**
 * One running server process: its pid and command line, its process group
 * (signals go to the whole group: a JVM's threads, a shell's children), and
 * an ending that never leaves it behind: continued (a stopped process acts on
 * nothing but SIGKILL), SIGTERM, then SIGKILL if it lingers.
 */
import { statSync } from 'node:fs';
import { within } from '../processes/children.js';
import { type RunAs, type ServerRecorder, spawnServer } from './spawn-server.js';

export interface ServerProcess {
  readonly role: string;
  readonly pid: number;
  readonly argv: string[];
  readonly logPath: string;
  /** The log's size when this process started: what it wrote is past here. */
  readonly logOffset: number;
  readonly exited: Promise<void>;
  isRunning(): boolean;
  /** Signals the whole process group, while it runs. */
  kill(signal: NodeJS.Signals): void;
  /** SIGCONT, SIGTERM, then SIGKILL if it lingers; resolves once it is gone. */
  stop(): Promise<void>;
}

/** How a server is spawned and asked to end, where it differs from the default. */
export interface ServerProcessOptions {
  runAs?: RunAs | undefined;
  /** The polite ending (default SIGTERM; PostgreSQL's SIGTERM waits for every client, SIGINT does not). */
  stopSignal?: NodeJS.Signals | undefined;
}

export function startServerProcess(role: string, argv: string[], logPath: string, recorder: ServerRecorder, options: ServerProcessOptions = {}): ServerProcess {
  const logOffset = sizeOf(logPath);
  const { proc, pid } = spawnServer(role, argv, logPath, recorder, options.runAs);
  let running = true;
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  const kill = (signal: NodeJS.Signals) => {
    if (!running) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };
  return {
    role,
    pid,
    argv,
    logPath,
    logOffset,
    exited,
    isRunning: () => running,
    kill,
    async stop() {
      if (!running) return;
      kill('SIGCONT');
      kill(options.stopSignal ?? 'SIGTERM');
      if (!(await within(exited, 2000))) {
        kill('SIGKILL');
        await within(exited, 2000);
      }
    },
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
