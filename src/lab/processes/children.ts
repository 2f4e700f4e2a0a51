/**
 * Starting the lab's children: `node <bin/fence-tutor.js> lab-worker ...`
 * and `lab-sink ...`, the same entry as the command. They never inherit our
 * stdout/stderr (all three streams are pipes), so a stopped orphan can never
 * hold a CI pipe open; each gets its own process group, so a Ctrl-C in the
 * terminal reaches the runner alone and the runner ends them in order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { packageRoot } from '../../platform/package-root.js';
import type { RunPidfile } from './pidfile.js';

export type Message = Record<string, unknown>;

export function binPath(): string {
  return join(packageRoot(), 'bin', 'fence-tutor.js');
}

export class LabChild {
  readonly pid: number;
  readonly argv: string[];
  readonly exited: Promise<number | null>;
  exitCode: number | null | undefined = undefined;
  stopped = false;
  private readonly stderrTail: string[] = [];
  private readonly waiting = new Map<number, (m: Message) => void>();
  private readonly listeners = new Set<(m: Message) => void>();
  private nextId = 1;
  /** The latest message of each kind, so a wait that starts late still sees `ready`. */
  private readonly seen = new Map<string, Message>();

  constructor(
    readonly role: string,
    private readonly proc: ChildProcess,
    argv: string[],
  ) {
    if (proc.pid === undefined) throw new Error(`${role}: could not start (${argv.join(' ')})`);
    this.pid = proc.pid;
    this.argv = argv;
    this.exited = new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : 0);
        for (const l of this.listeners) l({ ev: 'exited', code, signal });
        resolve(code);
      });
    });
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      let message: Message;
      try {
        message = JSON.parse(line) as Message;
      } catch {
        return;
      }
      if (typeof message.ev === 'string') this.seen.set(message.ev, message);
      const id = typeof message.id === 'number' ? message.id : undefined;
      const waiter = id === undefined ? undefined : this.waiting.get(id);
      if (waiter && id !== undefined) {
        this.waiting.delete(id);
        waiter(message);
      }
      for (const l of this.listeners) l(message);
    });
    createInterface({ input: proc.stderr! }).on('line', (line) => {
      this.stderrTail.push(line);
      if (this.stderrTail.length > 20) this.stderrTail.shift();
    });
    proc.stdin!.on('error', () => undefined); // EPIPE after the child died
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Sends a command and waits for the answer with the same id. */
  request(command: Message, timeoutMs = 10_000): Promise<Message> {
    // An exited child will never answer (and its 'exited' has already fired).
    if (!this.alive) return Promise.reject(new Error(`${this.role} has exited${this.diagnostics()}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${this.role} did not answer ${String(command.op)} within ${timeoutMs} ms${this.diagnostics()}`));
      }, timeoutMs);
      const off = this.on((m) => {
        if (m.ev === 'exited') {
          clearTimeout(timer);
          off();
          reject(new Error(`${this.role} exited during ${String(command.op)}${this.diagnostics()}`));
        }
      });
      this.waiting.set(id, (m) => {
        clearTimeout(timer);
        off();
        resolve(m);
      });
      this.send({ ...command, id });
    });
  }

  send(command: Message): void {
    if (this.alive) this.proc.stdin!.write(`${JSON.stringify(command)}\n`);
  }

  on(listener: (m: Message) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the child's first message with `ev` among `events`. */
  waitFor(events: string[], timeoutMs = 10_000): Promise<Message> {
    for (const ev of events) {
      const earlier = this.seen.get(ev);
      if (earlier) return Promise.resolve(earlier);
    }
    if (!this.alive) return Promise.reject(new Error(`${this.role} exited before it was ready${this.diagnostics()}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`${this.role} did not report ${events.join('/')} within ${timeoutMs} ms${this.diagnostics()}`));
      }, timeoutMs);
      const off = this.on((m) => {
        if (events.includes(String(m.ev))) {
          clearTimeout(timer);
          off();
          resolve(m);
        } else if (m.ev === 'exited') {
          clearTimeout(timer);
          off();
          reject(new Error(`${this.role} exited before it was ready${this.diagnostics()}`));
        }
      });
    });
  }

  signal(sig: NodeJS.Signals): void {
    if (!this.alive) return;
    try {
      process.kill(this.pid, sig);
      if (sig === 'SIGSTOP') this.stopped = true;
      if (sig === 'SIGCONT') this.stopped = false;
    } catch {
      // gone meanwhile
    }
  }

  /**
   * Ends the child: continued first if stopped (a stopped process cannot act
   * on anything but SIGKILL), asked politely, then killed if it lingers.
   */
  async end(opts: { graceMs?: number } = {}): Promise<void> {
    if (!this.alive) return;
    this.signal('SIGCONT');
    this.send({ op: 'exit' });
    this.proc.stdin!.end();
    this.signal('SIGTERM');
    const grace = opts.graceMs ?? 500;
    const done = await within(this.exited, grace);
    if (!done) {
      this.signal('SIGKILL');
      await within(this.exited, 2000);
    }
  }

  diagnostics(): string {
    return this.stderrTail.length ? `\n  ${this.role} said: ${this.stderrTail.slice(-5).join('\n  ')}` : '';
  }
}

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

/** Starts `node bin/fence-tutor.js <subcommand> ...args` and records it in the pidfile. */
export function startLabChild(role: string, subcommand: string, args: string[], pidfile: RunPidfile): LabChild {
  const argv = [process.execPath, binPath(), subcommand, ...args];
  const proc = spawn(argv[0]!, argv.slice(1), {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const child = new LabChild(role, proc, argv);
  pidfile.addChild({ role, pid: child.pid, argv });
  return child;
}
