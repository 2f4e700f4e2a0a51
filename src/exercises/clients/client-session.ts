/**
 * The tutor's side of the learner's client process (`exercise-client`):
 * started with its own temporary HOME and data dir, asked to call the
 * learner's exports, every wait under the check's time limit. What the
 * learner's code printed is kept (neutralised) for the report.
 */
import { sanitizeLine } from '../../core/neutralise.js';
import { captureOutput } from '../captured-output.js';
import type { ClientChildCommand, WorkerSent } from '../child-protocol.js';
import type { ClientChild } from '../ports.js';
import type { WorkerConfig } from './worker-client.js';
import { LearnerThrew, LoadError, learnerHome, sinkExitWords, TimeLimitError } from '../sink-session.js';
import type { ClientMachinery } from './client-ports.js';
import { errorMessage } from '../../platform/error-message.js';
import type { DistributiveOmit } from '../../platform/json-fields.js';
import type { ZkWatchKind } from './zookeeper-handle.js';

export interface ZkWatchSet {
  session: string;
  kind: ZkWatchKind;
  path: string;
}

export class ClientSession {
  child: ClientChild | undefined;
  readonly output: string[] = [];
  /** What the worker client reported (acquire, read, write), in order. */
  readonly sent: WorkerSent[] = [];
  /** The watches the learner's lock set through its ZooKeeper handles (zookeeper-lock), in order. */
  readonly zkWatches: ZkWatchSet[] = [];
  private readonly watchListeners = new Set<() => void>();
  private nextId = 1;

  constructor(
    private readonly machinery: ClientMachinery,
    private readonly file: string,
    private readonly requires: string[],
    private readonly tempRoot: string,
    readonly timeLimitMs: number,
  ) {}

  async start(): Promise<void> {
    const { home, env } = learnerHome(this.tempRoot);
    const child = this.machinery.startClientChild(this.file, this.requires, env, home);
    this.child = child;
    child.on((m) => {
      if (m.ev === 'output') captureOutput(this.output, m.text);
      if (m.ev === 'sent') {
        const { ev: _ev, ...sent } = m;
        this.sent.push(sent);
      }
      if (m.ev === 'zk-watch') {
        this.zkWatches.push({ session: m.session, kind: m.kind, path: m.path });
        for (const listener of this.watchListeners) listener();
      }
    });
    let ready: Awaited<ReturnType<typeof child.waitFor<'ready' | 'failed'>>>;
    try {
      ready = await child.waitFor(['ready', 'failed'], Math.max(10_000, this.timeLimitMs));
    } catch (err) {
      throw new LoadError(`your code did not start: ${errorMessage(err)}`);
    }
    if (ready.ev === 'failed') throw new LoadError(ready.message);
  }

  /**
   * A process the learner's code ended (process.exit) is started again, so
   * the next check runs; the check that saw it end was told (settle).
   */
  async ensureRunning(): Promise<void> {
    if (!this.child?.alive) await this.start();
  }

  /** Calls the learner's export; its result, or LearnerThrew / TimeLimitError. */
  async call(fn: string, args: unknown[], timeLimitMs = this.timeLimitMs): Promise<unknown> {
    await this.ensureRunning();
    return this.settle({ op: 'call', fn, args }, `${fn}(${args.map((a) => JSON.stringify(a)).join(', ')})`, timeLimitMs);
  }

  /** Starts `fn(worker)` in the child (call ensureRunning first); resolve with settle's promise. */
  work(fn: string, config: WorkerConfig, timeLimitMs: number): Promise<unknown> {
    return this.settle({ op: 'work', fn, config }, `${fn}(worker)`, timeLimitMs);
  }

  private settle(command: DistributiveOmit<Exclude<ClientChildCommand, { op: 'go' | 'exit' }>, 'id'>, what: string, timeLimitMs: number): Promise<unknown> {
    const child = this.child;
    if (!child) return Promise.reject(new Error('the client process is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new TimeLimitError(`${what} did not return within ${timeLimitMs / 1000} s (a hang, or a loop that never ends?)`));
      }, timeLimitMs);
      const off = child.on((m) => {
        if ((m.ev === 'done' || m.ev === 'threw') && m.id === id) {
          clearTimeout(timer);
          off();
          if (m.ev === 'done') resolve(m.result);
          else reject(new LearnerThrew(`${what} threw: ${m.error}`));
        }
      });
      // Ended by the learner's code (process.exit): said at once, not waited on as a hang.
      void child.exited.then((code) => {
        clearTimeout(timer);
        off();
        reject(new LearnerThrew(`${what}: your process ended (${sinkExitWords(code)}) before it returned: does your code call process.exit?`));
      });
      child.send({ ...command, id } as ClientChildCommand);
    });
  }

  /** zookeeper-lock: opens a ZooKeeper session in the learner's process; its id (`0x...`). */
  async zkOpen(connect: string, sessionTimeoutMs: number): Promise<string> {
    await this.ensureRunning();
    const opened = (await this.settle({ op: 'zk-open', connect, sessionTimeoutMs }, 'opening a ZooKeeper session', this.timeLimitMs)) as { session: string };
    return opened.session;
  }

  /** Calls the learner's `fn(zk, ...args)` with that session's handle. */
  zkCall(fn: string, session: string, args: unknown[]): Promise<unknown> {
    return this.settle({ op: 'zk-call', fn, session, args }, `${fn}(zk, ${args.map((a) => JSON.stringify(a)).join(', ')})`, this.timeLimitMs);
  }

  /** Closes a session; resolves once the server has ended it (its ephemeral nodes are gone). */
  async zkClose(session: string): Promise<void> {
    await this.settle({ op: 'zk-close', session }, 'closing a ZooKeeper session', this.timeLimitMs);
  }

  /**
   * The first watch `session` set at or after index `from` of zkWatches,
   * waited for up to the time limit; `stop` ends the wait (it never settles then).
   */
  zkWatchFrom(session: string, from: number, what: string, stop?: AbortSignal): Promise<ZkWatchSet> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const found = this.zkWatches.slice(from).find((w) => w.session === session);
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new TimeLimitError(`${what} within ${this.timeLimitMs / 1000} s`));
      }, this.timeLimitMs);
      const done = () => {
        clearTimeout(timer);
        this.watchListeners.delete(look);
      };
      this.watchListeners.add(look);
      stop?.addEventListener('abort', done, { once: true });
      look();
    });
  }

  send(command: ClientChildCommand): void {
    this.child?.send(command);
  }

  async close(): Promise<void> {
    await this.child?.end({ graceMs: 200 });
  }
}

/** A value from the learner's code, shown on one safe line. */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return sanitizeLine(text.length > 120 ? `${text.slice(0, 120)}…` : text);
}
