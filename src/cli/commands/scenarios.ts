/** `fence-tutor scenarios`: the shipped scenarios, with their titles and summaries. */
import type { Command } from 'commander';
import type { Scenario } from '../../core/types.js';

/** What `scenarios --json` prints (also made at build for the fast path: src/cli/fast-path.ts). */
export function scenariosJsonDocument(all: readonly Scenario[]) {
  return {
    scenarios: all.map((s) => ({
      id: s.id,
      title: s.title ?? s.id,
      summary: s.summary ?? '',
      ...(s.origin?.local ? { local: true } : {}),
    })),
  };
}

/** What `scenarios` prints without --json (also made at build). */
export function scenariosText(all: readonly Scenario[]): string {
  const width = Math.max(...all.map((s) => s.id.length));
  const lines = all.map(
    (s) => `${s.id.padEnd(width)}  ${s.title ?? ''}${s.origin?.local ? ' (local)' : ''}${s.summary ? `\n${' '.repeat(width + 2)}${s.summary}` : ''}`,
  );
  return `${lines.join('\n')}\n\nRun one: fence-tutor sim --scenario ${all[0]?.id ?? 'ID'}\n`;
}
import { commandFlags } from '../global-flags.js';

export function register(program: Command): void {
  program
    .command('scenarios')
    .description('list the shipped scenarios')
    .option('--json', 'print {"scenarios": [{id, title, summary}, ...]}')
    .addHelpText(
      'after',
      `
Examples:
  $ fence-tutor scenarios
  $ fence-tutor scenarios --json
  $ fence-tutor sim --scenario late-write     run one of them`,
    )
    .action(async (_opts, command: Command) => {
      const flags = commandFlags<{ json?: boolean }>(command);
      // The build's snapshot of the shipped scenarios when it matches the files (no YAML parser to load).
      const { builtContent } = await import('../../content/shared/built-content.js');
      const built = builtContent();
      const shipped = built ? built.scenarios : (await import('../../content/scenario/scenario-loader.js')).listShippedScenarios();
      const extra: typeof shipped = [];
      if (flags.content) {
        const { join } = await import('node:path');
        const { loadScenarioDir } = await import('../../content/scenario/scenario-loader.js');
        extra.push(...loadScenarioDir(join(flags.content, 'scenarios'), true));
      }
      const all = [...extra, ...shipped.filter((s) => !extra.some((e) => e.id === s.id))];
      if (flags.json) {
        const { printJson } = await import('../json-output.js');
        printJson(scenariosJsonDocument(all));
        return;
      }
      process.stdout.write(scenariosText(all));
    });
}
