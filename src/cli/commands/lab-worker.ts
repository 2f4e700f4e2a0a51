import type { Command } from 'commander';

/** Hidden: a lab worker process (A or B), started by the lab's runner. */
export function register(program: Command): void {
  program
    .command('lab-worker', { hidden: true })
    .description('internal: a lab worker process, started by `lab`')
    .requiredOption('--name <name>', 'A or B')
    .option('--run <id>', 'the run that started it (for pidfile matching)')
    .action(async (opts: { name: string }) => {
      const { runWorker } = await import('../../lab/worker/worker.js');
      await runWorker({ name: opts.name });
      // Stay alive: the worker ends when its runner says so or goes away.
      await new Promise<never>(() => undefined);
    });
}
