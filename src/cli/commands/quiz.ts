import type { Command } from 'commander';
import { UsageError } from '../errors.js';

/** Placeholder until the command is built: says so plainly. */
export function register(program: Command): void {
  program
    .command('quiz')
    .description('(not built yet)')
    .allowUnknownOption()
    .action(() => {
      throw new UsageError('the quiz command is not built yet');
    });
}
