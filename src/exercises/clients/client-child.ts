/**
 * Entry of the `exercise-client` child: runs a learner's client code (the
 * worker of redo-on-reject, the lock of etcd-lock) in its own process, never
 * in the tutor's. It imports their module by file URL and serves JSON lines:
 *
 *   {op:'call', id, fn, args}     calls the export `fn(...args)` (etcd-lock's acquire)
 *   {op:'work', id, fn, config}   calls `fn(worker)` with a worker client (redo-on-reject)
 *   {op:'zk-open', id, connect}   opens a ZooKeeper session (zookeeper-lock); result {session}
 *   {op:'zk-call', id, fn, session, args}  calls `fn(zk, ...args)` with that session's handle
 *   {op:'zk-close', id, session}  closes it: its ephemeral nodes go, as when a holder dies
 *   {op:'go'}                     lets a read held by the pause go on
 *
 * and answers {id, ev:'done', result}, {id, ev:'threw', error}, {ev:'paused'}
 * (the worker's first read is held for the tutor to stop us), {ev:'sent', ...}
 * (each request the worker made, for the report), {ev:'zk-watch', ...} (each
 * watch the learner's lock set) and {ev:'output', text}.
 */
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import { describeThrown, importLearnerModule } from '../child/learner-errors.js';
import { makeWorkerClient } from './worker-client.js';
import { ChildZkSessions } from './zookeeper-child-sessions.js';
import { type ClientChildCommand, type ClientChildMessage, parseClientChildCommand } from '../child-protocol.js';
import { errorMessage } from '../../platform/error-message.js';
import { parseJsonLine } from '../../platform/json-fields.js';

function emit(message: ClientChildMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function captureConsole(): void {
  let budget = 20_000;
  const send = (...args: unknown[]) => {
    if (budget <= 0) return;
    const text = format(...args).slice(0, 2000);
    budget -= text.length;
    emit({ ev: 'output', text });
  };
  console.log = send;
  console.info = send;
  console.warn = send;
  console.error = send;
  console.debug = send;
}

export async function runClientChild(args: { file: string; requires: string[] }): Promise<void> {
  process.on('SIGTERM', () => process.exit(0));
  captureConsole();
  const loaded = await importLearnerModule(args.file, args.requires);
  if ('failure' in loaded) {
    emit({ ev: 'failed', ...loaded.failure });
    return;
  }
  const learner = loaded.module;
  const releases: (() => void)[] = [];
  const zk = new ChildZkSessions(emit);
  const settle = (id: number, work: Promise<unknown>) =>
    work.then(
      (result) => emit({ id, ev: 'done', result: result === undefined ? null : result }),
      (err: unknown) => emit({ id, ev: 'threw', error: describeThrown(err, args.file) }),
    );
  const handle = (cmd: ClientChildCommand): void => {
    switch (cmd.op) {
      case 'call': {
        const fn = learner[cmd.fn] as (...a: unknown[]) => Promise<unknown>;
        settle(
          cmd.id,
          Promise.resolve().then(() => fn(...cmd.args)),
        );
        return;
      }
      case 'work': {
        const fn = learner[cmd.fn] as (worker: unknown) => Promise<unknown>;
        const pause = () =>
          new Promise<void>((resolve) => {
            releases.push(resolve);
            emit({ ev: 'paused' });
          });
        const worker = makeWorkerClient(cmd.config, pause, (sent) => emit({ ev: 'sent', ...sent }));
        settle(
          cmd.id,
          Promise.resolve()
            .then(() => fn(worker.api))
            .finally(() => worker.stop()),
        );
        return;
      }
      case 'zk-open':
        settle(cmd.id, zk.open(cmd.connect, cmd.sessionTimeoutMs));
        return;
      case 'zk-call': {
        const fn = learner[cmd.fn] as (zk: unknown, ...a: unknown[]) => Promise<unknown>;
        settle(
          cmd.id,
          Promise.resolve().then(() => fn(zk.handle(cmd.session), ...cmd.args)),
        );
        return;
      }
      case 'zk-close':
        settle(cmd.id, zk.close(cmd.session));
        return;
      case 'go':
        releases.shift()?.();
        return;
      case 'exit':
        process.exit(0);
    }
  };
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    let cmd: ClientChildCommand;
    try {
      cmd = parseClientChildCommand(parseJsonLine(line, 'the tutor'));
    } catch (err) {
      emit({ ev: 'error', message: errorMessage(err) });
      return;
    }
    handle(cmd);
  });
  lines.on('close', () => process.exit(0));
  emit({ ev: 'ready', pid: process.pid });
}
