import type { Command } from 'commander';

/** Hidden: the process that runs a learner's exercise sink, started by `exercise check`. */
export function register(program: Command): void {
  program
    .command('exercise-sink', { hidden: true })
    .description('internal: runs your exercise sink, started by `exercise check`')
    .requiredOption('--file <file>', "the learner's module")
    .option('--requires <names>', 'exports it must have', 'write')
    .option('--database <kind>', 'sqlite, or postgres (the server is named when the tutor opens a database)', 'sqlite')
    .option('--run <id>', 'the run that started it (for pidfile matching)')
    .action(async (opts: { file: string; requires: string; database: string }) => {
      const { runSinkChild } = await import('../../exercises/child/sink-child.js');
      const database = opts.database === 'postgres' ? 'postgres' : 'sqlite';
      await runSinkChild({ file: opts.file, requires: opts.requires.split(',').filter(Boolean), database });
      // Stay alive: the sink ends when the tutor says so or goes away.
      await new Promise<never>(() => undefined);
    });
}
