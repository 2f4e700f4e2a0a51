/**
 * Starting a throwaway server for one run, the same way for every kind:
 * bound to 127.0.0.1 on ports we pick (some servers break or disable TCP with
 * port 0), data in a temp dir recorded in the run's pidfile, ready only when
 * the server answers as the lab will use it. If a port was taken between our
 * pick and the server's bind, the attempt is ended and retried on new ports.
 * A restart keeps the ports and the data (a server killed and started again)
 * and retries the same ports while they are still taken.
 */
import { chownSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../platform/error-message.js';
import { delay } from '../processes/children.js';
import { LabAbortedError, LabUnavailableError } from '../types.js';
import { freePorts } from './free-port.js';
import { makeRecordedTempDir } from './run-temp-dir.js';
import { type ServerProcess, type ServerProcessOptions, startServerProcess } from './server-process.js';
import type { ServerRecorder } from './spawn-server.js';

export interface ServerSpec {
  /** The pidfile's role and the log's name: `etcd`, `redis`, `zookeeper`. */
  role: string;
  /** The temp dir's prefix, `fence-` and lowercase words (`fence-tutor-redis`). */
  tempPrefix: string;
  portCount: number;
  /** Writes what the server reads before it starts (a config file, an initdb), if anything. */
  prepare?(ports: number[], dir: string): void | Promise<void>;
  /** Spawning as another user, a polite ending other than SIGTERM. */
  process?: ServerProcessOptions;
  argv(ports: number[], dir: string): string[];
  /** One probe: true once the server answers as the lab uses it. */
  ready(ports: number[], dir: string): Promise<boolean>;
  readyTimeoutMs?: number;
}

export interface LaunchOptions {
  recorder: ServerRecorder;
  /** True once the run is being torn down: nothing starts after that. */
  stopping?: () => boolean;
  /** Called with the server's process as soon as it is spawned, so a teardown can end a starting one. */
  onProcess?: (proc: ServerProcess) => void;
  attempts?: number;
}

export interface LaunchedServer {
  readonly spec: ServerSpec;
  readonly ports: number[];
  readonly dir: string;
  readonly startMs: number;
  /** The current process (a new one after `restart`). */
  process: ServerProcess;
  /** Kills nothing: starts the server again on the same ports and data once the old process is gone. */
  restart(opts?: { argv?: string[] }): Promise<number>;
  /** Ends the process and removes the temp dir. */
  stop(): Promise<void>;
}

const PORT_TAKEN = /address already in use|BindException|EADDRINUSE/i;

export async function launchServer(spec: ServerSpec, opts: LaunchOptions): Promise<LaunchedServer> {
  const started = performance.now();
  let lastError = '';
  for (let attempt = 0; attempt < (opts.attempts ?? 3); attempt++) {
    if (opts.stopping?.()) throw new LabAbortedError();
    const ports = await freePorts(spec.portCount);
    const dir = makeRecordedTempDir(spec.tempPrefix, opts.recorder);
    const runAs = spec.process?.runAs;
    if (runAs) chownSync(dir, runAs.uid, runAs.gid);
    const logPath = join(dir, `${spec.role}.log`);
    try {
      await spec.prepare?.(ports, dir);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
    const proc = startServerProcess(spec.role, spec.argv(ports, dir), logPath, opts.recorder, spec.process);
    opts.onProcess?.(proc);
    try {
      await waitReady(spec, proc, ports, dir, opts.stopping);
      return launched(spec, ports, dir, proc, performance.now() - started, opts);
    } catch (err) {
      lastError = `${errorMessage(err)}\n${logSince(proc)}`.trim();
      await proc.stop();
      rmSync(dir, { recursive: true, force: true });
      if (err instanceof LabAbortedError) throw err;
      if (!PORT_TAKEN.test(lastError)) break;
    }
  }
  throw new LabUnavailableError(`the throwaway ${spec.role} did not become ready${lastError ? `:\n${lastError}` : ''}`);
}

function launched(spec: ServerSpec, ports: number[], dir: string, first: ServerProcess, startMs: number, opts: LaunchOptions): LaunchedServer {
  const server: LaunchedServer = {
    spec,
    ports,
    dir,
    startMs,
    process: first,
    async restart(restartOpts = {}) {
      const t = performance.now();
      await server.process.stop();
      const argv = restartOpts.argv ?? server.process.argv;
      await restartOnSamePorts(server, argv, opts);
      return performance.now() - t;
    },
    async stop() {
      await server.process.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The same ports again: a port still held by someone else is waited for and retried, with the cause named. */
async function restartOnSamePorts(server: LaunchedServer, argv: string[], opts: LaunchOptions, attempts = 10): Promise<void> {
  let lastError = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (opts.stopping?.()) throw new LabAbortedError();
    const proc = startServerProcess(server.spec.role, argv, server.process.logPath, opts.recorder, server.spec.process);
    server.process = proc;
    opts.onProcess?.(proc);
    try {
      await waitReady(server.spec, proc, server.ports, server.dir, opts.stopping);
      return;
    } catch (err) {
      lastError = `${errorMessage(err)}\n${logSince(proc)}`.trim();
      await proc.stop();
      if (err instanceof LabAbortedError || !PORT_TAKEN.test(lastError)) break;
      await delay(100 * (attempt + 1));
    }
  }
  throw new LabUnavailableError(`the ${server.spec.role} on port ${server.ports.join(', ')} did not start again:\n${lastError}`);
}

async function waitReady(spec: ServerSpec, proc: ServerProcess, ports: number[], dir: string, stopping?: () => boolean): Promise<void> {
  const deadline = performance.now() + (spec.readyTimeoutMs ?? 10_000);
  for (;;) {
    if (stopping?.()) throw new LabAbortedError();
    if (!proc.isRunning()) throw new Error(`${spec.role} exited while starting`);
    if (await spec.ready(ports, dir).catch(() => false)) return;
    if (performance.now() > deadline) throw new Error(`${spec.role} not ready in ${spec.readyTimeoutMs ?? 10_000} ms`);
    await delay(20);
  }
}

/** The last lines the process wrote to its log (not an earlier process's). */
function logSince(proc: ServerProcess, lines = 5): string {
  try {
    return readFileSync(proc.logPath).subarray(proc.logOffset).toString('utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
