/**
 * Every command's --help, read as a newcomer reads it: it fits 80 columns,
 * shows no internal command, lists the global flags its examples use, and
 * every example names commands and flags that exist there. In process:
 * commander builds the help text without running anything.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

function helpOf(cmd: Command): string {
  let out = '';
  cmd.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (out += s) });
  cmd.outputHelp();
  return out;
}

/** Every visible command below `cmd` (itself first), with its path from the root. */
function visibleCommands(cmd: Command, path: string[] = []): { path: string[]; cmd: Command }[] {
  const own = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden && c.name() !== 'help');
  return [{ path, cmd }, ...own.flatMap((c) => visibleCommands(c, [...path, c.name()]))];
}

function flagsOf(cmd: Command): string[] {
  return cmd.options.flatMap((o) => [o.long, o.short, o.negate ? o.long : undefined].filter((f): f is string => f !== undefined));
}

/** The problems of one `$ fence-tutor ...` example line: a subcommand or a flag that the program does not have. */
function exampleProblems(program: Command, line: string): string[] {
  const words = (line.replace(/^\s*\$ fence-tutor\s*/, '').match(/'[^']*'|"[^"]*"|\S+/g) ?? []).filter((w) => !w.startsWith("'") && !w.startsWith('"'));
  const problems: string[] = [];
  let cmd = program;
  const known = new Set(flagsOf(program));
  for (const word of words) {
    if (word === '|' || word === '>' || word.startsWith('(')) break; // a pipe, a redirect, a comment
    if (word.startsWith('-')) {
      const flag = word.split('=')[0] ?? word;
      if (!known.has(flag)) problems.push(`${line.trim()}: ${flag} is not an option of "${cmd.name()}"`);
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === word);
    if (sub) {
      cmd = sub;
      for (const f of flagsOf(sub)) known.add(f);
    }
  }
  return problems;
}

describe('--help of every command', () => {
  const program = buildProgram();
  const all = visibleCommands(program);

  it('covers every command a user can run, internal ones left out', () => {
    const names = all.map((c) => c.path.join(' '));
    for (const name of ['', 'lesson', 'sim', 'quiz', 'lab', 'exercise check', 'exercise start', 'assign', 'grade', 'challenge', 'validate']) {
      expect(names).toContain(name);
    }
    const rootHelp = helpOf(program);
    for (const internal of program.commands.filter((c) => (c as unknown as { _hidden?: boolean })._hidden)) {
      expect(rootHelp).not.toMatch(new RegExp(`^\\s+${internal.name()}\\b`, 'm'));
    }
  });

  it.each(all.map((c) => [c.path.join(' ') || '(root)', c.cmd] as const))(
    '%s: fits 80 columns, lists the global flags, examples name real commands and flags',
    (_name, cmd) => {
      const help = helpOf(cmd);
      const wide = help.split('\n').filter((l) => [...l].length > 80);
      expect(wide).toEqual([]);
      if (cmd !== program) expect(help).toContain('--plain');
      expect(help).toMatch(/^Examples?:$/m);
      const examples = help.split('\n').filter((l) => /^\s*\$ fence-tutor\b/.test(l));
      expect(examples.flatMap((l) => exampleProblems(program, l))).toEqual([]);
    },
  );

  it('finds a misspelled flag in an example', () => {
    expect(exampleProblems(program, '  $ fence-tutor lab --experiment split --jsn')).toEqual([
      '$ fence-tutor lab --experiment split --jsn: --jsn is not an option of "lab"',
    ]);
    expect(exampleProblems(program, '  $ fence-tutor lesson 1 --plain --width 60 | less --raw')).toEqual([]);
  });

  it('states the defaults a learner would otherwise guess', () => {
    const help = (path: string) => helpOf(all.find((c) => c.path.join(' ') === path)!.cmd);
    expect(help('quiz')).toMatch(/--mode[\s\S]*\(default: practice\)/);
    expect(help('quiz')).toMatch(/--time-limit[^\n]*\n?[^\n]*\(default: none\)/);
    expect(help('lab')).toContain('(default: 2)');
    expect(help('lab')).not.toContain('"2"');
    expect(help('validate')).not.toContain('validate my-scenario.yaml');
  });
});
