// `npm run bench`: runs every scripts/bench/<area>.mjs module's
// `bench({ runs })`, prints one table, and writes it to bench/latest.md and
// into docs/performance.md between the bench:start/end markers; a part (--only) is
// written to bench/partial.md instead.
//   node scripts/bench.mjs [--runs N] [--only area,area]
// Shared helpers that are no area live in scripts/bench/lib.mjs and
// scripts/bench/support/ (not read as areas).
// Areas the table expects but whose module is missing are listed as
// "not measured (module missing)", never estimated.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { fmt, root } from './bench/lib.mjs';

// The areas docs/performance.md promises, in table order.
const EXPECTED = ['package', 'startup', 'engine', 'app', 'lab'];

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const runs = Math.max(5, Number(arg('--runs', '5')));
const only = arg('--only', '').split(',').filter(Boolean);

const dir = join(root, 'scripts', 'bench');
const present = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'lib.mjs')
  .map((f) => f.slice(0, -4));
const areas = [...EXPECTED, ...present.filter((a) => !EXPECTED.includes(a)).sort()].filter((a) => only.length === 0 || only.includes(a));

// Areas that install a package or start servers and databases run after the others (the table keeps
// its order): the disk writes and teardown they leave behind slowed the next area's whole-process
// timings (at 0c31dfc `sim --json` read 1.69x right after `package`, 1.19-1.25x alone, twice).
const HEAVY = /^(package|lab(-.*)?|exercises?(-.*)?)$/;
const runOrder = [...areas.filter((a) => !HEAVY.test(a)), ...areas.filter((a) => HEAVY.test(a))];
const rowsOf = new Map();
const started = performance.now();
for (const area of runOrder) {
  const table = [];
  rowsOf.set(area, table);
  if (!present.includes(area)) {
    table.push({ area, metric: `scripts/bench/${area}.mjs`, note: 'not measured (module missing)' });
    continue;
  }
  const t0 = performance.now();
  process.stderr.write(`bench: ${area} ...`);
  try {
    const mod = await import(pathToFileURL(join(dir, `${area}.mjs`)).href);
    if (typeof mod.bench !== 'function') throw new Error('exports no bench({ runs })');
    const rows = await mod.bench({ runs });
    for (const row of rows) table.push({ area, ...row });
  } catch (err) {
    table.push({ area, metric: `scripts/bench/${area}.mjs`, note: `not measured (failed: ${oneLine(err)})` });
  }
  process.stderr.write(` ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
const table = areas.flatMap((area) => rowsOf.get(area) ?? []);
const totalS = (performance.now() - started) / 1000;

const header = ['area', 'metric', 'median', 'baseline', 'ratio', 'goal', 'note'];
const lines = table.map((r) => [
  r.area,
  r.metric,
  r.value === undefined || Number.isNaN(r.value) ? '' : `${fmt(r.value)} ${r.unit ?? ''}`.trim(),
  r.baseline === undefined ? '' : `${fmt(r.baseline)} ${r.unit ?? ''}`.trim(),
  r.ratio === undefined ? '' : `${fmt(r.ratio)}x`,
  r.goal ?? '',
  r.note ?? '',
]);
const md = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...lines.map((cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`),
].join('\n');

const cpu = cpus();
const context = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}; medians of ${runs} runs after a warm-up; ${totalS.toFixed(0)} s in all.`;

console.log(md);
console.log(`\n${context}`);

mkdirSync(join(root, 'bench'), { recursive: true });
// A part (--only) goes to bench/partial.md (not committed): bench/latest.md
// stays the last full run, the table docs/performance.md shows.
const out = join(root, 'bench', only.length === 0 ? 'latest.md' : 'partial.md');
const tmp = `${out}.${process.pid}.tmp`;
writeFileSync(
  tmp,
  `# Latest benchmark\n\n${context}\n\nReproduce: \`npm run bench\` (\`node scripts/bench.mjs --runs N --only startup,engine\` for a part).\n\n${md}\n`,
);
renameSync(tmp, out);
if (!existsSync(out)) process.exitCode = 1;

// docs/performance.md shows the latest full table.
const perfPage = join(root, 'docs', 'performance.md');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';
if (only.length === 0 && existsSync(perfPage)) {
  const text = readFileSync(perfPage, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a >= 0 && b > a) {
    const next = `${text.slice(0, a + START.length)}\n${context}\n\n${md}\n${text.slice(b)}`;
    writeFileSync(`${perfPage}.${process.pid}.tmp`, next);
    renameSync(`${perfPage}.${process.pid}.tmp`, perfPage);
  }
}

function oneLine(err) {
  return String(err?.message ?? err)
    .split('\n')[0]
    .slice(0, 160);
}
