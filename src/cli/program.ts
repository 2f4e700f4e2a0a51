/**
 * The command-line entry. Only commander and the command definitions load at
 * start-up; every action imports what it needs, so `sim --json` never loads
 * React and the Ink app sits behind a dynamic import.
 */
import { Command, CommanderError, Option } from 'commander';
import { ContentError, formatProblem } from '../content/shared/problems.js';
import { errorMessage } from '../platform/error-message.js';
import { toolVersion } from '../platform/package-root.js';
import { registerAll } from './commands/index.js';
import { commandFlags, globalFlags } from './global-flags.js';
import { UsageError } from '../platform/errors.js';
import { EXIT } from '../platform/exit-codes.js';
import { writeStdout } from './stdout.js';
import { decideDisplay } from './terminal.js';
import { sanitizeText } from '../core/neutralise.js';
import { loadRunApp } from './load-app.js';

/** Which commands read or write the data directory (the app, the root command on a terminal, checks in its action). */
const DATA_DIR_USE: Record<string, 'read' | 'write'> = {
  lesson: 'read',
  lessons: 'read',
  progress: 'read',
  quiz: 'read',
  lab: 'write',
  challenges: 'read',
  challenge: 'write',
};

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('fence-tutor')
    .description('A terminal tutor and quiz about leases, locks and fencing tokens.')
    .version(toolVersion(), '-V, --version', 'print the version')
    .option('--plain', 'plain text even on a terminal (no interactive screens)')
    .option('--ascii', 'ASCII only, no Unicode box drawing or symbols')
    .option('--no-color', 'no colour (NO_COLOR in the environment does the same)')
    .option('--reduced-motion', 'step instead of animating')
    .option('--narrate', 'narration only, one sentence per event (for screen readers)')
    .addOption(new Option('--content <dir>', 'add an instructor content directory (lessons/, quizzes/, scenarios/, challenges/)'))
    .showHelpAfterError('(run with --help for usage)')
    // A command's help lists the global flags too: its examples use them (`lesson 1 --plain`).
    .configureHelp({ showGlobalOptions: true })
    // Commander's messages echo arguments (`lesson ID`, `--ttl`, ...): neutralised like file content.
    .configureOutput({ writeOut: writeStdout, writeErr: (s) => process.stderr.write(sanitizeText(s)) })
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor                      open the tutor (on a terminal)
  $ fence-tutor sim --scenario late-write --fencing off
  $ fence-tutor lesson 1 --plain
  $ fence-tutor quiz --mode exam --seed 7 --count 10
  $ fence-tutor lab --json`,
    )
    .action(async (_opts, cmd: Command) => {
      const flags = globalFlags(cmd);
      const display = decideDisplay(flags);
      if (display.interactive) {
        // The app saves progress: a data dir it cannot use is one line, exit 2, before the screen opens.
        const { assertDataDirUsable } = await import('../platform/data-dir-check.js');
        assertDataDirUsable({ write: true });
        const { runApp } = await loadRunApp();
        process.exitCode = await runApp({ route: { screen: 'home' }, display, flags });
      } else {
        const { printPlainHome } = await import('./plain-home.js');
        printPlainHome(display);
      }
    });
  registerAll(program);
  // --content DIR, for any command: checked whole first, so invalid content is refused (exit 2), never shown half-broken.
  program.hook('preAction', async (_root, action) => {
    // Commands that keep state in the data directory: a broken one is one line, exit 2, before any work.
    const use = DATA_DIR_USE[action.name()];
    if (use) {
      const { assertDataDirUsable } = await import('../platform/data-dir-check.js');
      assertDataDirUsable({ write: use === 'write' || commandFlags<{ reset?: boolean }>(action).reset === true });
    }
    const dir = globalFlags(action).content;
    if (dir !== undefined) {
      const { requireContentDir } = await import('../content/validate/content-check.js');
      requireContentDir(dir);
    }
  });
  // Commander's own usage errors exit 2, like ours (conventions: "Exit status").
  program.exitOverride();
  for (const sub of program.commands) sub.exitOverride();
  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    return await reportError(err);
  }
}

export async function reportError(err: unknown): Promise<number> {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) {
      return EXIT.ok;
    }
    // Commander has already printed its message.
    return EXIT.usage;
  }
  if (err instanceof ContentError) {
    for (const p of err.problems) process.stderr.write(`fence-tutor: ${formatProblem(p)}\n`);
    return EXIT.usage;
  }
  if (err instanceof UsageError) {
    // Usage messages quote arguments and paths: neutralised like file content.
    process.stderr.write(`fence-tutor: ${sanitizeText(err.message)}\n`);
    return EXIT.usage;
  }
  // Loaded only on this path: the entry stays small (scripts/build.mjs).
  // A full, read-only or forbidden disk first: its cause and fix are more precise than the data directory's.
  const { describeWriteFailure } = await import('../platform/write-failure.js');
  const writeProblem = describeWriteFailure(err);
  if (writeProblem) {
    process.stderr.write(`fence-tutor: ${sanitizeText(writeProblem)}\n`);
    return EXIT.usage;
  }
  const { describeDataDirError } = await import('../platform/data-dir-check.js');
  const dataDirProblem = describeDataDirError(err);
  if (dataDirProblem) {
    process.stderr.write(`fence-tutor: ${sanitizeText(dataDirProblem)}\n`);
    return EXIT.usage;
  }
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    // The loaders' limits (src/content/shared/input-limits.ts) should stop any input first.
    process.stderr.write('fence-tutor: the input is nested too deeply to process. Fix: flatten the file (see docs/limits.md)\n');
    return EXIT.usage;
  }
  process.stderr.write(`fence-tutor: unexpected error: ${sanitizeText(err instanceof Error && err.stack ? err.stack : errorMessage(err))}\n`);
  return EXIT.failed;
}
