import { type Command, Option } from 'commander';
import { COORDINATORS } from '../../lab/coordinator-catalogue.js';
import { EXPERIMENTS, experimentsHelp } from '../../lab/experiment-catalogue.js';
import { commandFlags } from '../global-flags.js';
import type { LabFlags } from '../../lab/lab-options.js';
import type { SinkFlags } from '../../lab/sink-options.js';

/**
 * `fence-tutor lab`: the late write (and the other experiments) on real
 * processes. Flags are checked before anything starts; the lab itself loads
 * only inside the action.
 */
export function register(program: Command): void {
  program
    .command('lab')
    .description('run the late write on real processes: a stopped worker, a lease that expires, a fenced sink')
    .addOption(new Option('--experiment <name>', 'which experiment').choices(EXPERIMENTS).default('late-write', 'late-write'))
    // No commander default: failover and restore must tell an explicit `embedded` (refused) from none (they imply etcd).
    .addOption(new Option('--coordinator <kind>', 'the lock service (default: embedded; etcd for failover and restore)').choices(COORDINATORS))
    .addOption(new Option('--ttl <seconds>', 'lease TTL in seconds (etcd may raise it)').default('2', '2'))
    .option('--out <dir>', 'evidence directory (default: a new one under the data directory)')
    .addOption(new Option('--repeats <n>', 'run it N times and summarise').default('1', '1'))
    .option('--json', 'print one JSON object (the run, or {runs, summary})')
    .option('--etcd-endpoints <urls>', 'use a running etcd cluster: URL[,URL...]')
    .option('--etcd-bin <path>', 'etcd binary for the throwaway cluster (default: etcd on PATH)')
    .addOption(new Option('--token <how>', 'Redis: none (the lock is a random value) or incr (an INCR token minted with the lock)').choices(['none', 'incr']))
    .option('--redis-bin <path>', 'redis-server for the throwaway Redis (default: redis-server on PATH)')
    .option('--redis-url <url>', 'use a running Redis (redis://HOST:PORT); the lab never stops it')
    .addOption(new Option('--sink <db>', "the sink's database: sqlite (a file in the evidence folder) or postgres").choices(['sqlite', 'postgres']))
    .option('--postgres-bin <dir>', 'the folder holding initdb and postgres (default: PATH, then /usr/lib/postgresql/VERSION/bin)')
    .option('--postgres-url <url>', 'use a running PostgreSQL (postgres://USER@HOST:PORT/DB); the lab makes and drops its own schema')
    .addOption(
      new Option('--isolation <level>', 'split on PostgreSQL: replay the race at this isolation level').choices([
        'read-committed',
        'repeatable-read',
        'serializable',
        'all',
      ]),
    )
    .addOption(
      new Option('--sink-check <how>', "split on PostgreSQL: the sink's check").choices([
        'select-then-update',
        'conditional-update',
        'select-for-update',
        'all',
      ]),
    )
    .addHelpText(
      'after',
      `
Experiments:
${experimentsHelp()}

Examples:
  $ fence-tutor lab
  $ fence-tutor lab --experiment split --json
  $ fence-tutor lab --coordinator etcd --ttl 2 --repeats 5
  $ fence-tutor lab --coordinator redis --token incr
  $ fence-tutor lab --experiment failover --json
  $ fence-tutor lab --experiment restore
  $ fence-tutor lab --sink postgres
  $ fence-tutor lab --experiment split --sink postgres --isolation all`,
    )
    .action(async (_opts, cmd: Command) => {
      const startedAt = performance.now();
      const { runLabCommand } = await import('../lab/lab-command.js');
      process.exitCode = await runLabCommand(commandFlags<LabFlags & SinkFlags & { json?: boolean }>(cmd), startedAt);
    });
}
