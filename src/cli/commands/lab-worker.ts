import type { Command } from 'commander';
import { UsageError } from '../../platform/errors.js';

/** Hidden: a lab worker process (A, B or any named worker), started by the lab's runner. */
export function register(program: Command): void {
  program
    .command('lab-worker', { hidden: true })
    .description('internal: a lab worker process, started by `lab`')
    .requiredOption('--name <name>', "the worker's name (A, B, C...)")
    .option('--run <id>', 'the run that started it (for pidfile matching)')
    .action(async (opts: { name: string }) => {
      const { runWorker } = await import('../../lab/worker/worker.js');
      const { WORKER_NAME } = await import('../../lab/protocol/fields.js');
      if (!WORKER_NAME.test(opts.name)) {
        throw new UsageError(`lab-worker: --name ${JSON.stringify(opts.name)} is not a worker name. Fix: a letter, then up to 15 letters, digits, - or _`);
      }
      await runWorker({ name: opts.name });
      // Stay alive: the worker ends when its runner says so or goes away.
      await new Promise<never>(() => undefined);
    });
}
