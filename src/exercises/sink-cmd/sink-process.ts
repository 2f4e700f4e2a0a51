/**
 * One learner's sink started from `--sink-cmd`: `sh -c CMD` in its own
 * process group, `{port}` and `{db}` replaced. A restart SIGKILLs the whole
 * group (whatever the command started under it) and runs CMD again with the
 * same port and file. Whatever happens, `stop()` leaves no process behind, and
 * a Ctrl-C or SIGTERM of the tutor runs it through the cleanup hooks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { onBoundedLines } from '../../platform/bounded-lines.js';
import { onCleanup } from '../../platform/cleanup.js';
import { guardedEnv, newGuardGroup, sweepGroup } from '../../platform/guard.js';
import { processGroupAlive } from '../../platform/process-group.js';
import { sendToSink } from './loopback-http.js';
import { errorMessage } from '../../platform/error-message.js';

const HEALTH_LIMIT_MS = 10_000;
const OUTPUT_LINES = 40;
/** A longer line keeps its first and last parts (platform/bounded-lines.ts); 200 characters of it are shown. */
const MAX_LINE_CHARS = 16 * 1024;

/** The sink never answered /health: the CLI prints it and exits 2 (the command is bad input, not a failed check). */
export class SinkStartError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string[],
  ) {
    super(message);
    this.name = 'SinkStartError';
  }
}

/** `{port}` and `{db}` replaced; the path is quoted for sh when it holds anything but safe characters. */
function expandSinkCommand(template: string, port: number, dbPath: string): string {
  const db = /^[\w./-]+$/.test(dbPath) ? dbPath : `'${dbPath.replace(/'/g, `'\\''`)}'`;
  return template.replaceAll('{port}', String(port)).replaceAll('{db}', db);
}

export interface SinkProcessOptions {
  command: string;
  port: number;
  dbPath: string;
  env: NodeJS.ProcessEnv;
  cwd?: string | undefined;
  /** How long GET /health is polled (the contract says 10 s; tests shorten it); undefined: the contract's. */
  healthLimitMs?: number | undefined;
}

export class SinkProcess {
  private proc: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private running = false;
  private readonly output: string[] = [];
  private readonly stderr: string[] = [];
  private readonly removeHook: () => void;
  private readonly group = newGuardGroup('sink-cmd');
  /** How many times the sink was started (1 + restarts). */
  starts = 0;

  constructor(private readonly opts: SinkProcessOptions) {
    this.removeHook = onCleanup(() => this.stop());
  }

  get port(): number {
    return this.opts.port;
  }

  /** Starts CMD and waits until GET /health answers 200 (or throws SinkStartError). */
  async start(): Promise<void> {
    const command = expandSinkCommand(this.opts.command, this.opts.port, this.opts.dbPath);
    const proc = spawn('sh', ['-c', command], {
      detached: true, // its own process group: one kill ends all it started
      stdio: ['ignore', 'pipe', 'pipe'],
      // A guard group of its own: its end ends every descendant, those that left the process group too.
      env: guardedEnv(this.opts.env, this.group),
      cwd: this.opts.cwd,
    });
    this.proc = proc;
    this.running = true;
    this.starts++;
    this.exited = new Promise((resolve) => {
      proc.once('exit', () => {
        this.running = false;
        resolve();
      });
      proc.once('error', () => {
        this.running = false;
        resolve();
      });
    });
    // Bounded (D6): a sink that prints 1 GiB without a newline costs the tutor a few kilobytes.
    onBoundedLines(proc.stdout!, MAX_LINE_CHARS, (line) => this.collect('out', line));
    onBoundedLines(proc.stderr!, MAX_LINE_CHARS, (line) => this.collect('err', line));
    await this.waitHealthy();
  }

  /** SIGKILL of the whole group, then the same command on the same port and file. */
  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.kill();
    this.removeHook();
  }

  /** What the sink printed (stdout and stderr interleaved), last lines only. */
  printed(): string[] {
    return [...this.output];
  }

  private async waitHealthy(): Promise<void> {
    const limitMs = this.opts.healthLimitMs ?? HEALTH_LIMIT_MS;
    const deadline = Date.now() + limitMs;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (!this.running) {
        throw new SinkStartError(`the sink command exited before GET /health answered 200`, this.stderrTail());
      }
      try {
        const answer = await sendToSink(this.opts.port, 'GET', '/health', undefined, 1000);
        if (answer.status === 200) return;
        last = `status ${answer.status}`;
      } catch (err) {
        last = errorMessage(err);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.kill();
    throw new SinkStartError(
      `the sink did not answer GET /health with 200 within ${limitMs / 1000} s on 127.0.0.1:${this.opts.port} (last: ${last})`,
      this.stderrTail(),
    );
  }

  private stderrTail(): string[] {
    return this.stderr.slice(-10);
  }

  private collect(stream: 'out' | 'err', line: string): void {
    const cut = line.length > 200 ? `${line.slice(0, 200)}…` : line;
    this.output.push(cut);
    if (this.output.length > OUTPUT_LINES) this.output.shift();
    if (stream === 'err') {
      this.stderr.push(cut);
      if (this.stderr.length > OUTPUT_LINES) this.stderr.shift();
    }
  }

  /** SIGKILL to the group, then wait until no member is left (the port is free again). */
  private async kill(): Promise<void> {
    const pid = this.proc?.pid;
    if (pid === undefined) return;
    signalGroup(pid, 'SIGKILL');
    sweepGroup(this.group);
    await this.exited;
    const deadline = Date.now() + 3000;
    while (processGroupAlive(pid) && Date.now() < deadline) {
      signalGroup(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.proc = undefined;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group is gone already
  }
}
