/**
 * Whole-command fuzzing in CI: a few seeded cases per loader through the
 * built CLI (scripts/fuzz/run.mjs checks each: exit 0/1/2, no stack trace,
 * no hidden character on stdout or stderr, CPU and memory under the caps,
 * no file written outside the given paths). `npm run fuzz -- --cases N`
 * runs many more and writes the table docs/limits.md quotes. Serial: each case
 * is a whole process, and the CPU cap must not race the unit tests. Two
 * cases at a time, and the runner's own test beside them: each case has its
 * own folder, and the cap is on the case's own CPU time, not the wall.
 */
import { describe, it, vi } from 'vitest';
import { LOADERS, runCase, runFuzz } from '../../scripts/fuzz/run.mjs';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const CASES = Number(process.env.FUZZ_CLI_CASES ?? 1);

describe('every loader through the built CLI, seeded', { concurrent: true }, () => {
  it(`${CASES} cases per loader (${LOADERS.length} loaders): all within the rules`, async ({ expect }) => {
    const { rows, failures } = await runFuzz({ cases: CASES, seed: 7, jobs: 2 });
    expect(failures.map((f) => `${f.loader} (case seed ${f.caseSeed}): ${f.problem}\n  input: ${JSON.stringify(f.input)}`)).toEqual([]);
    expect(rows).toHaveLength(LOADERS.length);
    for (const row of rows) expect(row.exit0 + row.exit1 + row.exit2).toBe(CASES);
  }, 600_000);
});

describe('the fuzz runner itself', { concurrent: true }, () => {
  it('reports a file written outside the given paths (so a pass above means something)', async ({ expect }) => {
    const answers = LOADERS.find((l) => l.name === 'answers file')!;
    const writesReport = { ...answers, args: [...answers.args, '--report', 'stray.json'], seed: '{"answers": {}}' };
    const r = await runCase(writesReport, 1, true);
    expect(r.ok).toBe(false);
    expect(r.problem).toMatch(/wrote outside the given paths: stray\.json/);
  }, 60_000);
});
