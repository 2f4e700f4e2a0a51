#!/usr/bin/env node
// The budget per real tool (issue 31; test/README.md keeps the table): reads
// the output of a full `npm test` (or `.ci/run`) and sums, per tool, the wall
// time vitest reported for each test file that starts that tool. A file that
// starts several tools (lab --compare) counts in each of their rows.
//
//   node scripts/tool-budget.mjs ci.log        a markdown table on stdout
//
// Which file starts which tool is read from the file's source: the same
// guards the tests use to skip loudly when a tool is missing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The tools, in the table's order, each with how a test file says it needs it. */
export const TOOLS = [
  { tool: 'etcd', needs: (_file, source) => /toolMissing\('etcd(ctl)?'\)/.test(source) },
  // zookeeperMissing(): the exercise tests' guard (test/exercises/client-helpers.ts), java and ZooKeeper's jar.
  { tool: 'ZooKeeper', needs: (file, source) => /\.proc\.test\.tsx?$/.test(file) && /toolMissing\('java'\)|zookeeperMissing\(\)/.test(source) },
  { tool: 'Redis', needs: (_file, source) => /toolMissing\('redis-server'\)/.test(source) },
  { tool: 'PostgreSQL', needs: (_file, source) => /postgresMissing\(\)/.test(source) },
  { tool: 'Chromium', needs: (_file, source) => /chromiumMissing\(/.test(source) },
  { tool: 'tmux', needs: (file) => /\.pty\.test\.tsx?$/.test(file) },
];

/** ` ✓  processes  test/lab/x.proc.test.ts (5 tests) 11103ms` (the project a coloured badge, or `|processes|`): file and milliseconds. */
export function fileTimes(log) {
  const times = new Map();
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of plain.split('\n')) {
    const m = line.match(/^\s*[✓×❯↓]\s+(?:\|?[\w-]+\|?\s+)?(test\/\S+\.test\.tsx?)\s+\([^)]*\)\s+([\d.]+)(ms|s)\s*$/);
    if (m) times.set(m[1], Number(m[2]) * (m[3] === 's' ? 1000 : 1));
  }
  return times;
}

export function budget(times, read = (file) => readFileSync(join(root, file), 'utf8')) {
  return TOOLS.map(({ tool, needs }) => {
    // test/build's files hold the guards as data (this script's own test), never start a tool.
    const files = [...times.keys()].filter((file) => !file.startsWith('test/build/') && needs(file, read(file))).sort();
    const ms = files.reduce((sum, file) => sum + times.get(file), 0);
    return { tool, files, ms };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  if (!path) {
    process.stderr.write('tool-budget: give the log of a full npm test run: node scripts/tool-budget.mjs ci.log\n');
    process.exit(2);
  }
  const times = fileTimes(readFileSync(path, 'utf8'));
  if (times.size === 0) {
    process.stderr.write(`tool-budget: ${path}: no per-file times found (is it the output of a full npm test?)\n`);
    process.exit(2);
  }
  process.stdout.write("| tool | test files | files' wall time (sum) |\n|---|---|---|\n");
  for (const row of budget(times)) {
    const names = row.files.map((file) => file.replace(/^test\//, '').replace(/\.test\.tsx?$/, '')).join(', ');
    process.stdout.write(`| ${row.tool} | ${row.files.length}: ${names} | ${(row.ms / 1000).toFixed(1)} s |\n`);
  }
}
