#!/usr/bin/env node
// The lessons' measured tables, made from the lab's JSON so that no figure is
// written by hand: lesson 4's from `lab --compare --json`, lesson 8's from
// `lab --experiment coordinator-restart --coordinator redis --token incr --json`.
//
//   fence-tutor lab --compare --json | node scripts/compare-table.mjs
//   fence-tutor lab --experiment coordinator-restart --coordinator redis --token incr --json | node scripts/compare-table.mjs
//
// Paste the output under the lesson's marker comment; test/lab/lesson-lab-tables.proc.test.ts
// runs both again and checks the lesson's outcome columns against these functions' cells.
import { readFileSync } from 'node:fs';
import { cpus, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';

const LOW_BITS = 2 ** 32;

/**
 * A token as the lessons write it: a ZooKeeper czxid as `[epoch,counter]`
 * (whether the JSON gives the pair or the raw 64-bit zxid), a Redis lock's
 * random value as `none`, any other token as its integer.
 */
export function tokenCell(coordinator, token) {
  if (token === null || token === undefined) return 'none';
  if (Array.isArray(token)) return `[${token[0]},${token[1]}]`;
  if (coordinator === 'zookeeper') return `[${Math.floor(token / LOW_BITS)},${token % LOW_BITS}]`;
  return String(token);
}

/** Where a sink ended, and the statuses that say why: B's only when it was refused too, A's late write always. */
export function sinkCell(outcome) {
  if (!outcome) return '';
  const statuses = [];
  if (outcome.bWrite !== undefined && outcome.bWrite !== 200) statuses.push(`B ${outcome.bWrite}`);
  if (outcome.lateWrite !== undefined) statuses.push(`A ${outcome.lateWrite}`);
  return `${outcome.value ?? 'no value'}${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}`;
}

/**
 * One array of cells per `lab --compare` row: system, A's and B's tokens, where
 * the plain and the fenced sink ended, the verdict. What each token is stays in
 * the lesson's prose: as a column it wraps a table meant for 80 columns.
 */
export function compareCells(rows) {
  return rows.map((r) =>
    r.installed
      ? [
          r.label,
          tokenCell(r.coordinator, r.tokens?.A),
          tokenCell(r.coordinator, r.tokens?.B),
          sinkCell(r.modes?.plain),
          sinkCell(r.modes?.fenced),
          r.verdict ?? '',
        ]
      : [r.label, '', '', r.install ?? 'not installed', '', ''],
  );
}

export const COMPARE_HEAD = ['system', 'A', 'B', 'plain sink', 'fenced sink', 'verdict'];

/** One array of cells per mode of the Redis restart: tokens of the first and second holder, their writes, where the fenced sink ended. */
export function restartCells(result) {
  return Object.entries(result.modes).map(([mode, m]) => {
    const [first, second] = Object.values(m.tokens);
    return [
      mode,
      tokenCell('redis', first),
      tokenCell('redis', second),
      String(m.bWrite?.status ?? ''),
      String(m.lateWrite?.status ?? ''),
      m.final.value ?? 'no value',
    ];
  });
}

export const RESTART_HEAD = ['mode', "first holder's token", "second holder's token", "second's write", "first's late write", 'fenced sink ends at'];

export function markdownTable(head, cells) {
  const line = (c) => `| ${c.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...cells.map(line)];
}

/** The caption that labels a table as real output: the day, and the machine it ran on. */
export function caption(now = new Date()) {
  return `Real output, ${now.toISOString().slice(0, 10)}, ${distribution()}${type()} ${release()}, ${cpus().length} cores, Node ${process.version}.`;
}

/** The distribution's name from /etc/os-release, where there is one ("Debian GNU/Linux 12 (bookworm), "). */
function distribution() {
  try {
    const name = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return name ? `${name}, ` : '';
  } catch {
    return '';
  }
}

/** The table for either JSON: `{"rows": [...]}` from --compare, or the coordinator-restart result. */
export function tableFor(json) {
  if (Array.isArray(json.rows)) return markdownTable(COMPARE_HEAD, compareCells(json.rows));
  if (json.experiment === 'coordinator-restart') return markdownTable(RESTART_HEAD, restartCells(json));
  throw new Error('expected the JSON of lab --compare or of lab --experiment coordinator-restart');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const input = readFileSync(process.argv[2] ?? 0, 'utf8');
  process.stdout.write(`${[caption(), '', ...tableFor(JSON.parse(input))].join('\n')}\n`);
}
