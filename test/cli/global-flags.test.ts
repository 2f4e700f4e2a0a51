/**
 * The global flags are read once, into one typed object, whichever command
 * runs and wherever on the line the flags stand.
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandFlags, globalFlags, parseGlobalFlags } from '../../src/cli/global-flags.js';
import { buildProgram } from '../../src/cli/program.js';
import { UsageError } from '../../src/platform/errors.js';

describe('global flags', () => {
  it('reads booleans as booleans and --no-color as color: false', () => {
    expect(parseGlobalFlags({})).toEqual({ plain: false, ascii: false, color: true, reducedMotion: false, narrate: false });
    expect(parseGlobalFlags({ plain: true, ascii: true, color: false, reducedMotion: true, narrate: true, content: 'course' })).toEqual({
      plain: true,
      ascii: true,
      color: false,
      reducedMotion: true,
      narrate: true,
      content: 'course',
    });
  });

  it('refuses an empty --content with the fix', () => {
    expect(() => parseGlobalFlags({ content: '' })).toThrow(UsageError);
    expect(() => parseGlobalFlags({ content: '' })).toThrow(/--content needs a directory\. Fix: --content path\/to\/dir/);
  });

  it("parses once per run: a subcommand gets the root's flags, given before or after it, as the same object", async () => {
    const program = buildProgram();
    let seen: ReturnType<typeof globalFlags>[] = [];
    const probe = new Command('probe').option('--deep').action((_opts, command: Command) => {
      seen = [globalFlags(command), globalFlags(command)];
    });
    program.addCommand(probe);
    await program.parseAsync(['node', 'fence-tutor', '--ascii', 'probe', '--narrate', '--deep']);
    expect(seen[0]).toMatchObject({ ascii: true, narrate: true, plain: false });
    expect(seen[0]).not.toHaveProperty('deep');
    expect(seen[1]).toBe(seen[0]);
  });
});

describe('commandFlags', () => {
  it("gives a command its own options and the run's global flags in one typed object", async () => {
    const program = buildProgram();
    let seen: (ReturnType<typeof globalFlags> & { deep?: boolean; depth?: string }) | undefined;
    const probe = new Command('probe')
      .option('--deep')
      .option('--depth <n>')
      .action((_opts, command: Command) => {
        seen = commandFlags<{ deep?: boolean; depth?: string }>(command);
      });
    program.addCommand(probe);
    await program.parseAsync(['node', 'fence-tutor', '--no-color', 'probe', '--deep', '--depth', '3', '--ascii']);
    expect(seen).toEqual({ deep: true, depth: '3', plain: false, ascii: true, color: false, reducedMotion: false, narrate: false });
  });
});
