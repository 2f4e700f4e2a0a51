// `npm run fuzz -- --cases N [--seed S] [--jobs J] [--out FILE]`: whole-command fuzzing
// of every loader (scripts/fuzz/run.mjs), a summary table on stdout and in
// bench/fuzz.md (quoted by docs/limits.md, "Reliability: hostile input"). Exit 1 when
// any case fails, with its seed so it can be replayed. --jobs runs J cases
// at a time (default 1: the wall time in bench/fuzz.md stays comparable).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFuzz, summaryTable } from './fuzz/run.mjs';

function flag(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const cases = Number(flag('--cases', '50'));
const seed = Number(flag('--seed', '1'));
const jobs = Number(flag('--jobs', '1'));
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed) || !Number.isInteger(jobs) || jobs < 1) {
  process.stderr.write('fuzz: --cases and --jobs must be positive integers and --seed an integer\n');
  process.exit(2);
}
const out = flag('--out', join(import.meta.dirname, '..', 'bench', 'fuzz.md'));
let done = 0;
const started = Date.now();
const { rows, failures } = await runFuzz({
  cases,
  seed,
  jobs,
  onCase: () => {
    done++;
    if (done % 25 === 0) process.stderr.write(`fuzz: ${done} cases\n`);
  },
});
const table = summaryTable(rows, { cases, seed });
writeFileSync(
  out,
  `${table}\nWall time ${Math.round((Date.now() - started) / 1000)} s on this machine (shared; CPU columns are the command's own CPU time).\n`,
);
process.stdout.write(table);
for (const f of failures.slice(0, 20)) process.stdout.write(`FAIL ${f.loader} (case seed ${f.caseSeed}): ${f.problem}\n  input: ${JSON.stringify(f.input)}\n`);
process.exit(failures.length > 0 ? 1 : 0);
