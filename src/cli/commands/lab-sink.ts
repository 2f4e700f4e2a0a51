import { type Command, Option } from 'commander';

/**
 * Hidden: the lab's loopback HTTP services, started by the runner: the sink
 * (`--role sink --db FILE`) or the embedded coordinator (`--role coordinator
 * --state-dir DIR`).
 */
export function register(program: Command): void {
  program
    .command('lab-sink', { hidden: true })
    .description('internal: the lab sink or embedded coordinator, started by `lab`')
    .addOption(new Option('--role <role>', 'which service').choices(['sink', 'coordinator']).default('sink'))
    .option('--db <file>', 'the sink database')
    .option('--postgres-url <url>', 'the sink on PostgreSQL: the server')
    .option('--schema <name>', 'the sink on PostgreSQL: the schema it makes and keeps its tables in')
    .option('--state-dir <dir>', "the embedded coordinator's state directory")
    .option('--run <id>', 'the run that started it (for pidfile matching)')
    .action(async (opts: { role: 'sink' | 'coordinator'; db?: string; stateDir?: string; postgresUrl?: string; schema?: string }) => {
      const { runService } = await import('../../lab/sink/sink-main.js');
      await runService({ role: opts.role, db: opts.db, stateDir: opts.stateDir, postgresUrl: opts.postgresUrl, schema: opts.schema });
      await new Promise<never>(() => undefined);
    });
}
