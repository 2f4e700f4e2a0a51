/**
 * Entry of the `exercise-sink` child: the only process that runs the
 * learner's code. It imports their module by file URL (a real ES module
 * from their directory, bundled tutor or not), opens a real SQLite file
 * (or, for postgres-sink, connects to the PostgreSQL server the tutor
 * started), and serves the tutor over JSON lines on stdin/stdout:
 *
 *   {op:'open', id, db, url?}      fresh database (a file, or a schema on the server at url): the resource row, then the learner's setup(db)
 *   {op:'call', req, fn, args}     starts write(db, request) or register(db, token) as request `req`
 *   {op:'go', req}                 lets `req`'s held database call run
 *   {op:'state', id}               the resource row: {value, mark}
 *
 * and reports {ev:'park', req, step} (a call is held), {ev:'blocked', req,
 * step} (PostgreSQL made a let-go statement wait on a lock), {ev:'done', req,
 * result}, {ev:'threw', req, error} and {ev:'output', text} (what the
 * learner's code printed). The tutor ends it; it ends itself when its stdin closes.
 */
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import { type Gate, type StepInfo, asRequest } from './db-handle.js';
import { describeThrown, importLearnerModule } from './learner-errors.js';
import { errorMessage } from '../../platform/error-message.js';
import { parseSinkChildCommand, type SinkChildCommand, type SinkChildMessage } from '../child-protocol.js';
import { parseJsonLine } from '../../platform/json-fields.js';
import { type ChildStore, openSqliteStore } from './sqlite-store.js';

export interface SinkChildArgs {
  /** Absolute path of the learner's module. */
  file: string;
  /** Exports the module must have. */
  requires: string[];
  /** `sqlite` (a file per trial) or `postgres` (a schema per trial on the server `open` names). */
  database: 'sqlite' | 'postgres';
}

function emit(message: SinkChildMessage): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

const MAX_OUTPUT_CHARS = 2000;

/** The learner's console goes to the tutor, labelled, never to our protocol stream. */
function captureConsole(): void {
  let budget = 20_000;
  const send = (...args: unknown[]) => {
    if (budget <= 0) return;
    const text = format(...args).slice(0, MAX_OUTPUT_CHARS);
    budget -= text.length;
    emit({ ev: 'output', text });
  };
  console.log = send;
  console.info = send;
  console.warn = send;
  console.error = send;
  console.debug = send;
}

export async function runSinkChild(args: SinkChildArgs): Promise<void> {
  process.on('SIGTERM', () => process.exit(0));
  const held = new Map<string, () => void>();
  const gate: Gate = {
    park(request: string, step: StepInfo) {
      return new Promise<void>((resolve) => {
        held.set(request, resolve);
        emit({ ev: 'park', req: request, step });
      });
    },
  };
  // SQLite is opened now (its WebAssembly compiles while the tutor waits for the expiry); PostgreSQL at the
  // first `open`, which names the server (it may still be starting now), with its client loaded meanwhile.
  const pgStore = args.database === 'postgres' ? import('./pg-store.js') : undefined;
  // Awaited at the first `open`; until then a failed load must not end the process as an unhandled rejection.
  pgStore?.catch(() => undefined);
  let store: ChildStore | undefined = pgStore ? undefined : await openSqliteStore(gate);
  const storeFor = async (url: string | undefined): Promise<ChildStore> => {
    if (store) return store;
    if (!pgStore || url === undefined) throw new Error('no database server was named');
    const { openPgStore } = await pgStore;
    store = await openPgStore(url, gate, (req, step) => emit({ ev: 'blocked', req, step }));
    return store;
  };

  captureConsole();
  const loaded = await importLearnerModule(args.file, args.requires);
  if ('failure' in loaded) {
    emit({ ev: 'failed', ...loaded.failure });
    return;
  }
  const learner = loaded.module;

  const handle = async (cmd: SinkChildCommand): Promise<void> => {
    switch (cmd.op) {
      case 'open': {
        const opened = await storeFor(cmd.url);
        await opened.open(cmd.db);
        try {
          if (typeof learner.setup === 'function') await learner.setup(opened.db);
          emit({ id: cmd.id, ev: 'opened' });
        } catch (err) {
          emit({ id: cmd.id, ev: 'threw', req: 'setup', error: describeThrown(err, args.file) });
        }
        return;
      }
      case 'call': {
        const { req, gated } = cmd;
        const fn = learner[cmd.fn] as (db: ChildStore['db'], ...a: unknown[]) => Promise<unknown>;
        const db = (await storeFor(undefined)).db;
        const steps: StepInfo[] = [];
        // An ungated request's calls are reported with its answer (the tutor holds none of them).
        const record = gated ? {} : { steps };
        const end = () => store?.release(req).catch(() => undefined);
        asRequest(req, async () => fn(db, ...cmd.args), gated, steps).then(
          async (result) => {
            await end();
            emit({ ev: 'done', req, result: result === undefined ? null : result, ...record });
          },
          async (err: unknown) => {
            await end();
            emit({ ev: 'threw', req, error: describeThrown(err, args.file), ...record });
          },
        );
        return;
      }
      case 'go': {
        const release = held.get(cmd.req);
        held.delete(cmd.req);
        release?.();
        return;
      }
      case 'state': {
        const row = await store?.state();
        const value = row?.value === undefined || row.value === null ? null : String(row.value);
        const mark = row?.mark === undefined || row.mark === null ? null : Number(row.mark);
        emit({ id: cmd.id, ev: 'state', value, mark });
        return;
      }
      case 'exit':
        await store?.close();
        process.exit(0);
    }
  };

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    let cmd: SinkChildCommand;
    try {
      cmd = parseSinkChildCommand(parseJsonLine(line, 'the tutor'));
    } catch (err) {
      emit({ ev: 'error', message: errorMessage(err) });
      return;
    }
    handle(cmd).catch((err: unknown) => emit({ ...('id' in cmd ? { id: cmd.id } : {}), ev: 'error', message: errorMessage(err) }));
  });
  lines.on('close', () => {
    void (store?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  emit({ ev: 'ready', pid: process.pid });
}
