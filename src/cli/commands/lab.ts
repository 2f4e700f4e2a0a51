import type { Command } from 'commander';
import { UsageError } from '../errors.js';

/** Placeholder until the command is built: says so plainly. */
export function register(program: Command): void {
  program
    .command('lab')
    .description('(not built yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('the lab command is not built yet');
    });
}
