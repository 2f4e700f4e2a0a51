import type { Command } from 'commander';
import { UsageError } from '../errors.js';

/** Placeholder until the command is built: says so plainly. */
export function register(program: Command): void {
  program
    .command('assign')
    .description('(not built yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('the assign command is not built yet');
    });
}
