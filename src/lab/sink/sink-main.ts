/**
 * Entry of the `lab-sink` child: serves the sink (`--role sink --db FILE`)
 * or the embedded coordinator (`--role coordinator --state-dir DIR`) on
 * 127.0.0.1, prints `{"ev":"ready","port":N}` on stdout, and ends when its
 * stdin closes (its runner is gone) or on SIGTERM.
 */
import { setFlagsFromString } from 'node:v8';
import { emitToRunner, onRunnerCommand } from '../child-channel.js';
import type { DistributiveOmit } from '../protocol/fields.js';
import { parseServiceCommand, type ServiceMessage } from '../protocol/service-messages.js';
import { errorMessage } from '../../platform/error-message.js';

export interface ServiceArgs {
  role: 'sink' | 'coordinator';
  db?: string | undefined;
  stateDir?: string | undefined;
}

export async function runService(args: ServiceArgs): Promise<void> {
  let close: (() => Promise<void>) | undefined;
  let closing = false;
  const end = () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), 1000).unref();
    if (close) close().finally(() => process.exit(0));
    else process.exit(0);
  };
  // Listen before the (slow) start-up, so a runner that dies meanwhile is noticed.
  process.on('SIGTERM', end);
  process.on('SIGINT', end);
  onRunnerCommand(
    parseServiceCommand,
    (cmd) => {
      if (cmd.op === 'exit') end();
    },
    end,
  );
  let ready: DistributiveOmit<Extract<ServiceMessage, { ev: 'ready' }>, 'ev' | 'pid'>;
  try {
    if (args.role === 'sink') {
      if (!args.db) throw new Error('--db is required for the sink');
      // SQLite is 1.2 MB of WebAssembly: Node 20 compiles it with its baseline
      // compiler and then again, whole, with the optimising one on background
      // threads, about 0.6 s of CPU per sink, a third of a lab run's, for a
      // handful of queries. The baseline code is plenty for those. Set before
      // the module loads (wasm flags are read at compile time); a V8 that no
      // longer knows the flag ignores it.
      setFlagsFromString('--liftoff-only');
      const { startSink } = await import('./sink-server.js');
      const sink = await startSink(args.db);
      close = sink.close;
      const { recovered, previousOwner } = sink.db.recovery;
      ready = { port: sink.port, recoveredLock: recovered, ...(previousOwner !== undefined ? { previousOwner } : {}) };
    } else {
      if (!args.stateDir) throw new Error('--state-dir is required for the coordinator');
      const { startEmbeddedCoordinator } = await import('../coordinator/embedded-server.js');
      const coordinator = await startEmbeddedCoordinator(args.stateDir);
      close = coordinator.close;
      ready = { port: coordinator.port, revision: coordinator.table.currentRevision() };
    }
  } catch (err) {
    emitToRunner<ServiceMessage>({ ev: 'failed', message: errorMessage(err), name: err instanceof Error ? err.name : 'Error' });
    process.exit(2);
  }
  if (closing) {
    await close();
    process.exit(0);
  }
  emitToRunner<ServiceMessage>({ ev: 'ready', pid: process.pid, ...ready });
}
