// The curriculum commands as whole processes, against `node -e 0` and
// `--version` measured in the same interleaved runs: the list, the longest
// lesson printed with its timelines, and validate over all shipped content.
import { rmSync } from 'node:fs';
import { benchEnv, bin, compareProcesses, comparedRow, node, tempHome } from './lib.mjs';

export async function bench({ runs }) {
  const home = tempHome();
  const env = benchEnv(home);
  try {
    const subjects = {
      '--version (reference)': [node, bin, '--version'],
      'lessons --json': [node, bin, 'lessons', '--json'],
      'lesson 4 --plain (longest lesson, 1 timeline)': [node, bin, 'lesson', '4', '--plain'],
      'lesson 10 --plain (4 timelines)': [node, bin, 'lesson', '10', '--plain'],
      'validate (all shipped content)': [node, bin, 'validate'],
    };
    const got = await compareProcesses([node, '-e', '0'], subjects, { runs, env });
    return Object.entries(got).map(([metric, m]) => comparedRow(metric, m, { note: 'baseline: node -e 0, piped' }));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
