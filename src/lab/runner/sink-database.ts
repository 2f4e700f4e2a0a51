/**
 * The sink's database when it is PostgreSQL (issue 36): a throwaway server
 * through the lab's launcher (owned by the teardown from its spawn on), or
 * the one the user points at with --postgres-url (never stopped; the run
 * makes its own schema there and drops it at the end).
 */
import { POSTGRES_INSTALL_HINT, findPostgresBin, type LaunchedPostgres } from '../postgres/postgres-server.js';
import type { LaunchedServer } from '../servers/launch-server.js';
import { LabAbortedError, type LabListener, type LabOptions, LabUnavailableError, type SinkDatabaseEvidence } from '../types.js';
import type { LabTeardown } from './lab-teardown.js';

export interface SinkDatabase {
  url: string;
  /** The run's schema: letters, digits and underscores. */
  schema: string;
  /** Our own server, when the lab started one (the restart experiment kills and restarts it). */
  server?: LaunchedServer;
  evidence: SinkDatabaseEvidence;
}

function schemaFor(runId: string): string {
  return `fence_lab_${runId.replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
}

export async function startSinkDatabase(options: LabOptions, td: LabTeardown, runId: string, listener: LabListener, t0: number): Promise<SinkDatabase> {
  const schema = schemaFor(runId);
  const { canConnect } = await import('../postgres/pg-session.js');
  if (options.postgresUrl) {
    const url = options.postgresUrl;
    if (!(await canConnect(url)))
      throw new LabUnavailableError(`--postgres-url ${url}: no PostgreSQL answers there. Fix: start it, or leave out --postgres-url`);
    td.sinkSchemaDrop = async () => {
      const { dropSchema } = await import('../postgres/pg-sink-store.js');
      await dropSchema(url, schema).catch(() => undefined);
    };
    return { url, schema, evidence: { kind: 'postgres', schema, ownServer: false } };
  }
  const bin = findPostgresBin(options.postgresBin);
  if (!bin)
    throw new LabUnavailableError(
      options.postgresBin ? `${options.postgresBin} holds no initdb and postgres. ${POSTGRES_INSTALL_HINT}` : POSTGRES_INSTALL_HINT,
    );
  listener({ type: 'step', id: 'processes', status: 'started', text: 'starting a throwaway PostgreSQL for the sink', atMs: performance.now() - t0 });
  const { launchPostgres } = await import('../postgres/postgres-server.js');
  const launch = launchPostgres(bin, canConnect, {
    recorder: td.pidfile,
    stopping: () => td.stopping,
    onProcess: (proc) => {
      if (!td.sinkServer) td.sinkServerStop = proc.stop;
    },
  });
  td.sinkServerLaunch = launch;
  let pg: LaunchedPostgres;
  pg = await launch;
  td.sinkServer = pg.server;
  td.sinkServerStop = pg.server.stop;
  if (td.stopping) {
    await pg.server.stop();
    throw new LabAbortedError();
  }
  return {
    url: pg.url,
    schema,
    server: pg.server,
    evidence: { kind: 'postgres', schema, ownServer: true, runAs: pg.runAs, settings: pg.settings, serverStartMs: Math.round(pg.server.startMs) },
  };
}
