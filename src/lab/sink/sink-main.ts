/**
 * Entry of the `lab-sink` child: serves the sink (`--role sink --db FILE`)
 * or the embedded coordinator (`--role coordinator --state-dir DIR`) on
 * 127.0.0.1, prints `{"ev":"ready","port":N}` on stdout, and ends when its
 * stdin closes (its runner is gone) or on SIGTERM.
 */
import { compileWasmWithBaselineOnly } from '../../platform/wasm-baseline.js';
import { emitToRunner, onRunnerCommand } from '../child-channel.js';
import type { DistributiveOmit } from '../protocol/fields.js';
import { parseServiceCommand, type ServiceMessage } from '../protocol/service-messages.js';
import { errorMessage } from '../../platform/error-message.js';

export interface ServiceArgs {
  role: 'sink' | 'coordinator';
  db?: string | undefined;
  /** The sink on PostgreSQL (issue 36) instead of SQLite: the server and the schema of this run. */
  postgresUrl?: string | undefined;
  schema?: string | undefined;
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
    if (args.role === 'sink' && args.postgresUrl) {
      if (!args.schema) throw new Error('--schema is required for the sink on PostgreSQL');
      const { openPgSinkStore } = await import('../postgres/pg-sink-store.js');
      const { startSink } = await import('./sink-server.js');
      const sink = await startSink(await openPgSinkStore(args.postgresUrl, args.schema));
      close = sink.close;
      ready = { port: sink.port, recoveredLock: false };
    } else if (args.role === 'sink') {
      if (!args.db) throw new Error('--db is required for the sink');
      // Before SQLite's WebAssembly compiles (platform/wasm-baseline.ts).
      await compileWasmWithBaselineOnly();
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
