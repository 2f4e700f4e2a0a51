/**
 * Starting the lab's children: `node <bin/fence-tutor.js> lab-worker ...`
 * and `lab-sink ...`, the same entry as the command. They never inherit our
 * stdout/stderr (all three streams are pipes), so a stopped orphan can never
 * hold a CI pipe open; each gets its own process group, so a Ctrl-C in the
 * terminal reaches the runner alone and the runner ends them in order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { onBoundedLines } from '../../platform/bounded-lines.js';
import { guardedEnv } from '../../platform/guard.js';
import { packageRoot } from '../../platform/package-root.js';
import { type DistributiveOmit, parseJsonLine } from '../protocol/fields.js';
import { parseServiceMessage, type ServiceCommand, type ServiceMessage } from '../protocol/service-messages.js';
import { parseWorkerMessage, type WorkerCommand, type WorkerMessage } from '../protocol/worker-messages.js';
import type { RunPidfile } from './pidfile.js';

/** No message of ours is near this long; a longer line (a learner printing without end) is cut, and then fails to parse. */
const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;
const MAX_STDERR_LINE = 64 * 1024;

export function binPath(): string {
  return join(packageRoot(), 'bin', 'fence-tutor.js');
}

/**
 * A process the run started and must end: signalled, continued, asked to
 * exit, killed if it lingers. `group`: signals go to its whole process group
 * (a shell command's children with it, e.g. a `--sink-cmd` sink).
 */
export class LabProcess {
  readonly pid: number;
  readonly exited: Promise<number | null>;
  exitCode: number | null | undefined = undefined;
  stopped = false;
  private readonly stderrTail: string[] = [];
  private readonly exitListeners = new Set<() => void>();

  constructor(
    readonly role: string,
    protected readonly proc: ChildProcess,
    readonly argv: string[],
    private readonly group = false,
  ) {
    if (proc.pid === undefined) throw new Error(`${role}: could not start (${argv.join(' ')})`);
    this.pid = proc.pid;
    this.exited = new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        for (const l of this.exitListeners) l();
        resolve(code);
      });
    });
    // Bounded: a learner's child may print without end (D6); only a tail of it is kept anyway.
    onBoundedLines(proc.stderr!, MAX_STDERR_LINE, (line) => this.remember(line));
    proc.stdin!.on('error', () => undefined); // EPIPE after the child died
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Calls `listener` when the process exits; returns the unsubscribe. */
  onExit(listener: () => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  signal(sig: NodeJS.Signals): void {
    if (!this.alive) return;
    try {
      process.kill(this.group ? -this.pid : this.pid, sig);
      if (sig === 'SIGSTOP') this.stopped = true;
      if (sig === 'SIGCONT') this.stopped = false;
    } catch {
      // gone meanwhile
    }
  }

  /** Asks the process to end (a protocol child is told `exit`; a plain one has no such word). */
  protected askToExit(): void {}

  /**
   * Ends the child: continued first if stopped (a stopped process cannot act
   * on anything but SIGKILL), asked politely, then killed if it lingers.
   */
  async end(opts: { graceMs?: number } = {}): Promise<void> {
    if (!this.alive) return;
    this.signal('SIGCONT');
    this.askToExit();
    this.proc.stdin!.end();
    this.signal('SIGTERM');
    const grace = opts.graceMs ?? 500;
    const done = await within(this.exited, grace);
    if (!done) {
      this.signal('SIGKILL');
      await within(this.exited, 2000);
    }
  }

  /** A line for the diagnostics from whoever watches the process (the memory watchdog). */
  note(line: string): void {
    this.remember(line);
  }

  diagnostics(): string {
    return this.stderrTail.length ? `\n  ${this.role} said: ${this.stderrTail.slice(-5).join('\n  ')}` : '';
  }

  protected remember(line: string): void {
    this.stderrTail.push(line);
    if (this.stderrTail.length > 20) this.stderrTail.shift();
  }
}

/** How a child's messages are read: the protocol's parser for that kind of child. */
export type MessageParser<M> = (value: unknown, role: string) => M;

/**
 * A child that speaks a JSON-lines protocol: messages `M` on its stdout,
 * commands `C` on its stdin. Every line is parsed once, by `parse`; a line
 * that does not parse fails whatever waits on this child with the parser's
 * sentence (a protocol error is a bug to see, not a value to guess).
 */
export class LabChild<M extends { ev: string }, C extends { op: string }> extends LabProcess {
  private readonly waiting = new Map<number, (m: M) => void>();
  private readonly listeners = new Set<(m: M) => void>();
  private readonly failures = new Set<(err: Error) => void>();
  private nextId = 1;
  /** The latest message of each kind, so a wait that starts late still sees `ready`. */
  private readonly seen = new Map<string, M>();
  /** The first malformed message, kept so a later wait fails with it too. */
  private protocolFault: Error | undefined;

  /**
   * `lenient`: a line that does not parse is noted in the diagnostics and
   * skipped, for a child whose stdout a learner's code may also write to
   * (the exercises' sink child); our own children are strict.
   */
  constructor(role: string, proc: ChildProcess, argv: string[], parse: MessageParser<M>, options: { lenient?: boolean } = {}) {
    super(role, proc, argv);
    onBoundedLines(proc.stdout!, MAX_MESSAGE_CHARS, (line) => {
      if (line.trim() === '') return;
      let message: M;
      try {
        message = parse(parseJsonLine(line, this.role), this.role);
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        if (options.lenient) this.remember(`(skipped) ${error.message}`);
        else this.fault(error);
        return;
      }
      this.seen.set(message.ev, message);
      const id = (message as { id?: unknown }).id;
      const waiter = typeof id === 'number' ? this.waiting.get(id) : undefined;
      if (waiter && typeof id === 'number') {
        this.waiting.delete(id);
        waiter(message);
      }
      for (const l of this.listeners) l(message);
    });
  }

  /** Sends a command and waits for the answer with the same id. */
  request<R extends M = M>(command: DistributiveOmit<C, 'id'>, timeoutMs = 10_000): Promise<R> {
    const op = command.op;
    // An exited child will never answer.
    if (!this.alive) return Promise.reject(new Error(`${this.role} has exited${this.diagnostics()}`));
    if (this.protocolFault) return Promise.reject(this.protocolFault);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        this.waiting.delete(id);
        offExit();
        offFault();
      };
      const timer = setTimeout(() => {
        settle();
        reject(new Error(`${this.role} did not answer ${op} within ${timeoutMs} ms${this.diagnostics()}`));
      }, timeoutMs);
      const offExit = this.onExit(() => {
        settle();
        reject(new Error(`${this.role} exited during ${op}${this.diagnostics()}`));
      });
      const offFault = this.onFault((err) => {
        settle();
        reject(err);
      });
      this.waiting.set(id, (m) => {
        settle();
        resolve(m as R);
      });
      this.send({ ...command, id } as unknown as C);
    });
  }

  send(command: C | DistributiveOmit<C, 'id'>): void {
    if (this.alive) this.proc.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  on(listener: (m: M) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the child's first message with `ev` among `events`. */
  waitFor<E extends M['ev']>(events: readonly E[], timeoutMs = 10_000): Promise<Extract<M, { ev: E }>> {
    type Found = Extract<M, { ev: E }>;
    for (const ev of events) {
      const earlier = this.seen.get(ev);
      if (earlier) return Promise.resolve(earlier as Found);
    }
    if (this.protocolFault) return Promise.reject(this.protocolFault);
    if (!this.alive) return Promise.reject(new Error(`${this.role} exited before it was ready${this.diagnostics()}`));
    return new Promise((resolve, reject) => {
      const settle = (): void => {
        clearTimeout(timer);
        off();
        offExit();
        offFault();
      };
      const timer = setTimeout(() => {
        settle();
        reject(new Error(`${this.role} did not report ${events.join('/')} within ${timeoutMs} ms${this.diagnostics()}`));
      }, timeoutMs);
      const off = this.on((m) => {
        if ((events as readonly string[]).includes(m.ev)) {
          settle();
          resolve(m as Found);
        }
      });
      const offExit = this.onExit(() => {
        settle();
        reject(new Error(`${this.role} exited before it was ready${this.diagnostics()}`));
      });
      const offFault = this.onFault((err) => {
        settle();
        reject(err);
      });
    });
  }

  protected override askToExit(): void {
    this.send({ op: 'exit' } as C);
  }

  private onFault(listener: (err: Error) => void): () => void {
    this.failures.add(listener);
    return () => this.failures.delete(listener);
  }

  private fault(err: Error): void {
    this.protocolFault ??= err;
    this.remember(`(protocol) ${err.message}`);
    for (const f of [...this.failures]) f(err);
  }
}

/** The runner's view of a worker and of a service (sink, embedded coordinator). */
export type WorkerChild = LabChild<WorkerMessage, WorkerCommand>;
export type ServiceChild = LabChild<ServiceMessage, ServiceCommand>;

/** Waits for `promise` at most `ms`; true if it settled in time. The timer never outlives the wait. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function spawnDetached(argv: string[]): ChildProcess {
  return spawn(argv[0]!, argv.slice(1), {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    // Marked, so the guardian ends it should this runner die before it could (platform/guard.ts).
    env: guardedEnv({ ...process.env, NODE_OPTIONS: '' }),
  });
}

/** Starts worker `name` (`node bin/fence-tutor.js lab-worker --name NAME ...`) and records it in the pidfile. */
export function startWorker(name: string, args: string[], pidfile: RunPidfile): WorkerChild {
  const argv = [process.execPath, binPath(), 'lab-worker', '--name', name, ...args];
  const child: WorkerChild = new LabChild(name, spawnDetached(argv), argv, parseWorkerMessage);
  pidfile.addChild({ role: name, pid: child.pid, argv });
  return child;
}

/** Starts a `lab-sink` service (the sink or the embedded coordinator) and records it in the pidfile. */
export function startService(role: 'sink' | 'coordinator', args: string[], pidfile: RunPidfile): ServiceChild {
  const argv = [process.execPath, binPath(), 'lab-sink', '--role', role, ...args];
  const child: ServiceChild = new LabChild(role, spawnDetached(argv), argv, parseServiceMessage);
  pidfile.addChild({ role, pid: child.pid, argv });
  return child;
}

/**
 * Starts a shell command (`sh -c`) as the leader of its own process group,
 * so signals and the final kill reach everything it starts (a learner's
 * `--sink-cmd` may be a script that starts the real server). It speaks no
 * protocol: whoever started it polls it over HTTP.
 */
export function startShellChild(role: string, command: string, pidfile: RunPidfile): LabProcess {
  const argv = ['/bin/sh', '-c', command];
  const child = new LabProcess(role, spawnDetached(argv), argv, true);
  pidfile.addChild({ role, pid: child.pid, argv });
  return child;
}
