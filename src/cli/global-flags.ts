/**
 * Reads the global flags off commander once per run: commander stores them
 * on the root command as loosely typed values; here they become a
 * GlobalFlags, and every command asks `globalFlags(command)` for the same
 * object, or `commandFlags<ItsFlags>(command)` for its own options beside
 * them. This is the one module that reads commander's option values: no
 * `optsWithGlobals()` and no `typeof flags.x === 'string'` anywhere else in
 * src/cli (test/build/cli-flags.test.ts holds it).
 */
import type { Command } from 'commander';
import { UsageError } from '../platform/errors.js';
import type { GlobalFlags } from '../platform/global-flags.js';

const parsed = new WeakMap<Command, GlobalFlags>();

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** Checks commander's values for the root's options (booleans are booleans, --content is a non-empty path). */
export function parseGlobalFlags(raw: Record<string, unknown>): GlobalFlags {
  const flag = (name: string): boolean => raw[name] === true;
  const content = raw.content;
  if (content !== undefined && (typeof content !== 'string' || content === '')) {
    throw new UsageError('--content needs a directory. Fix: --content path/to/dir');
  }
  return {
    plain: flag('plain'),
    ascii: flag('ascii'),
    color: raw.color !== false,
    reducedMotion: flag('reducedMotion'),
    narrate: flag('narrate'),
    content,
  };
}

/**
 * A command's own options, typed by its flags interface (commander checks
 * each `--choice` and fills the defaults it declares), with the run's global
 * flags beside them: one object, so a misspelled flag is a compile error.
 */
export function commandFlags<Own extends object>(command: Command): Own & GlobalFlags {
  return { ...command.opts<Own>(), ...globalFlags(command) };
}

/** The run's global flags, parsed on first use and the same object after. */
export function globalFlags(command: Command): GlobalFlags {
  const root = rootOf(command);
  let flags = parsed.get(root);
  if (!flags) {
    flags = parseGlobalFlags(root.opts());
    parsed.set(root, flags);
  }
  return flags;
}
