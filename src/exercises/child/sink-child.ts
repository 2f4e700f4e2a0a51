/**
 * Entry of the `exercise-sink` child: the only process that runs the
 * learner's code. It imports their module by file URL (a real ES module
 * from their directory, bundled tutor or not), opens a real SQLite file,
 * and serves the tutor over JSON lines on stdin/stdout:
 *
 *   {op:'open', id, db}            fresh database: the resource row, then the learner's setup(db)
 *   {op:'call', req, fn, args}     starts write(db, request) or register(db, token) as request `req`
 *   {op:'go', req}                 lets `req`'s held database call run
 *   {op:'state', id}               the resource row: {value, mark}
 *
 * and reports {ev:'park', req, step} (a call is held), {ev:'done', req,
 * result}, {ev:'threw', req, error} and {ev:'output', text} (what the
 * learner's code printed). The tutor ends it; it ends itself when its stdin closes.
 */
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { format } from 'node:util';
import { compileWasmWithBaselineOnly } from '../../platform/wasm-baseline.js';
import { type DbHandle, type Gate, makeDbHandle, type Params, type StepInfo, type SyncSqlite, asRequest } from './db-handle.js';
import { describeThrown, importLearnerModule } from './learner-errors.js';
import { errorMessage } from '../../platform/error-message.js';
import { parseSinkChildCommand, type SinkChildCommand, type SinkChildMessage } from '../child-protocol.js';
import { parseJsonLine } from '../../platform/json-fields.js';

export interface SinkChildArgs {
  /** Absolute path of the learner's module. */
  file: string;
  /** Exports the module must have. */
  requires: string[];
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

// synchronous=OFF: no fsync per transaction. A SIGKILLed process loses nothing the
// OS already holds (only a power cut would), and every trial opens a fresh file.
const RESOURCE_TABLE =
  'PRAGMA synchronous = OFF; CREATE TABLE IF NOT EXISTS resource (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT, mark INTEGER NOT NULL DEFAULT 0); INSERT OR IGNORE INTO resource (id) VALUES (1);';

export async function runSinkChild(args: SinkChildArgs): Promise<void> {
  process.on('SIGTERM', () => process.exit(0));
  // Before SQLite's WebAssembly compiles (platform/wasm-baseline.ts): every check starts a sink.
  await compileWasmWithBaselineOnly();
  const sqlite = (await import('node-sqlite3-wasm')).default;
  // The first database compiles the WebAssembly: here, while the tutor waits for the expiry, not in a check.
  new sqlite.Database(':memory:').close();
  let raw: InstanceType<typeof sqlite.Database> | undefined;
  const binding: SyncSqlite = {
    get: (sql, params) => raw!.get(sql, params as never) ?? undefined,
    all: (sql, params) => raw!.all(sql, params as never) as Record<string, unknown>[],
    run: (sql, params) => ({ changes: Number(raw!.run(sql, params as never).changes) }),
    exec: (sql) => raw!.exec(sql),
  };
  const held = new Map<string, () => void>();
  const gate: Gate = {
    park(request: string, step: StepInfo) {
      return new Promise<void>((resolve) => {
        held.set(request, resolve);
        emit({ ev: 'park', req: request, step });
      });
    },
  };
  const db: DbHandle = makeDbHandle(() => {
    if (!raw) throw new Error('no database is open');
    return binding;
  }, gate);

  captureConsole();
  const loaded = await importLearnerModule(args.file, args.requires);
  if ('failure' in loaded) {
    emit({ ev: 'failed', ...loaded.failure });
    return;
  }
  const learner = loaded.module;

  const closeDb = () => {
    try {
      raw?.close();
    } catch {
      // A database left in a transaction by a hung call: nothing to save.
    }
    raw = undefined;
  };

  const handle = async (cmd: SinkChildCommand): Promise<void> => {
    switch (cmd.op) {
      case 'open': {
        closeDb();
        // This WebAssembly SQLite locks with a directory, which a sink killed inside a
        // transaction leaves behind; that sink is gone (the tutor killed its group).
        rmSync(`${cmd.db}.lock`, { recursive: true, force: true });
        raw = new sqlite.Database(cmd.db);
        raw.exec(RESOURCE_TABLE);
        try {
          if (typeof learner.setup === 'function') await learner.setup(db);
          emit({ id: cmd.id, ev: 'opened' });
        } catch (err) {
          emit({ id: cmd.id, ev: 'threw', req: 'setup', error: describeThrown(err, args.file) });
        }
        return;
      }
      case 'call': {
        const { req, gated } = cmd;
        const fn = learner[cmd.fn] as (db: DbHandle, ...a: unknown[]) => Promise<unknown>;
        const steps: StepInfo[] = [];
        // An ungated request's calls are reported with its answer (the tutor holds none of them).
        const record = gated ? {} : { steps };
        asRequest(req, async () => fn(db, ...cmd.args), gated, steps).then(
          (result) => emit({ ev: 'done', req, result: result === undefined ? null : result, ...record }),
          (err: unknown) => emit({ ev: 'threw', req, error: describeThrown(err, args.file), ...record }),
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
        const row = raw?.get('SELECT value, mark FROM resource WHERE id = 1', [] as Params as never) as { value: unknown; mark: unknown } | undefined;
        const value = row?.value === undefined || row.value === null ? null : String(row.value);
        const mark = row?.mark === undefined || row.mark === null ? null : Number(row.mark);
        emit({ id: cmd.id, ev: 'state', value, mark });
        return;
      }
      case 'exit':
        closeDb();
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
    closeDb();
    process.exit(0);
  });
  emit({ ev: 'ready', pid: process.pid });
}
