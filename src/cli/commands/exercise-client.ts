import type { Command } from 'commander';

/** Hidden: the process that runs a learner's client code (redo-on-reject, etcd-lock, zookeeper-lock), started by `exercise check`. */
export function register(program: Command): void {
  program
    .command('exercise-client', { hidden: true })
    .description('internal: runs your exercise client, started by `exercise check`')
    .requiredOption('--file <file>', "the learner's module")
    .option('--requires <names>', 'exports it must have', '')
    .option('--run <id>', 'the run that started it (for pidfile matching)')
    .action(async (opts: { file: string; requires: string }) => {
      const { runClientChild } = await import('../../exercises/clients/client-child.js');
      await runClientChild({ file: opts.file, requires: opts.requires.split(',').filter(Boolean) });
      // Stay alive: the child ends when the tutor says so or goes away.
      await new Promise<never>(() => undefined);
    });
}
