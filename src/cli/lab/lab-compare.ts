/**
 * `lab --compare`: the late write on every coordinator that is installed
 * (embedded, etcd, Redis with its random value, Redis with INCR, ZooKeeper), one after
 * another, and one table measured on this machine: what the token is, A's and
 * B's, where the plain and the fenced sink ended. With `--with-failover`, the
 * failover or restart experiment of each system that has one. A system that is
 * not installed is a row saying what to install, never a failure. Exit 0 when
 * every installed system gave its expected verdict, else 1.
 */
import { join } from 'node:path';
import { NOTHING } from '../../core/display-text.js';
import { sanitizeLine } from '../../core/neutralise.js';
import { formatToken } from '../../core/token.js';
import { COORDINATOR_CATALOGUE, type CoordinatorKind, coordinatorEntry } from '../../lab/coordinator-catalogue.js';
import { defaultOutDir, type LabFlags, parseLabFlags } from '../../lab/lab-options.js';
import { runLab } from '../../lab/runner/run-lab.js';
import { findExecutable } from '../../lab/servers/find-executable.js';
import type { ExperimentName, LabOptions, LabResult, LabToken, ModeResult, Verdict } from '../../lab/types.js';
import { printJson } from '../json-output.js';

export interface CompareFlags extends LabFlags {
  json?: boolean;
  withFailover?: boolean;
}

/** One system's row: installed or what to install; the run's tokens, sinks and verdict. */
export interface CompareRow {
  coordinator: CoordinatorKind;
  /** `redis --token incr` beside plain `redis`. */
  label: string;
  installed: boolean;
  install?: string;
  token: string;
  tokens?: LabResult['tokens'];
  modes?: SinkOutcomes;
  verdict?: Verdict;
  durationMs?: number;
  serverStartMs?: number;
  outDir?: string;
  /** --with-failover: the system's failover or restart experiment. */
  failover?: { experiment: ExperimentName; verdict: Verdict; tokens: LabResult['tokens']; modes: SinkOutcomes; outDir: string };
}

type SinkOutcomes = Partial<Record<string, { value: string | null; bWrite?: number; lateWrite?: number }>>;

interface Variant {
  kind: CoordinatorKind;
  label: string;
  options: Partial<LabOptions>;
  failover?: ExperimentName;
}

const VARIANTS: Variant[] = [
  { kind: 'embedded', label: 'embedded', options: {} },
  { kind: 'etcd', label: 'etcd', options: {}, failover: 'failover' },
  { kind: 'redis', label: 'redis', options: { token: 'none' } },
  { kind: 'redis', label: 'redis --token incr', options: { token: 'incr' }, failover: 'coordinator-restart' },
  { kind: 'zookeeper', label: 'zookeeper', options: {}, failover: 'failover' },
];

/** Installed means its executables are on PATH or in the Debian locations: found, never started. */
function installHintFor(kind: CoordinatorKind): string | undefined {
  const server = coordinatorEntry(kind).server;
  if (!server || findExecutable(server.executables)) return undefined;
  return `not installed: apt-get install ${server.debianPackage}`;
}

function modesOf(result: LabResult): SinkOutcomes {
  return Object.fromEntries(
    (Object.entries(result.modes) as [string, ModeResult][]).map(([mode, m]) => [
      mode,
      { value: m.final.value, ...(m.bWrite ? { bWrite: m.bWrite.status } : {}), ...(m.lateWrite ? { lateWrite: m.lateWrite.status } : {}) },
    ]),
  );
}

export async function runCompare(flags: CompareFlags, startedAt: number): Promise<number> {
  const { options } = parseLabFlags(flags.ttl === undefined ? {} : { ttl: flags.ttl });
  const root = flags.out ?? defaultOutDir('late-write').replace(/late-write$/, 'compare');
  const write = (line: string) => process.stdout.write(`${sanitizeLine(line)}\n`);
  const rows: CompareRow[] = [];
  if (!flags.json) write(` Lab › compare · late-write on every coordinator · TTL ${options.ttlMs / 1000} s`);
  for (const variant of VARIANTS) {
    const token = variant.options.token === 'incr' ? 'an INCR counter, minted in the SET NX PX script' : tokenWords(variant.kind);
    const missing = installHintFor(variant.kind);
    if (missing) {
      rows.push({ coordinator: variant.kind, label: variant.label, installed: false, install: missing, token });
      if (!flags.json) write(` ${variant.label}: ${missing}`);
      continue;
    }
    const run = (experiment: ExperimentName, dir: string) =>
      runLab({ ...options, ...variant.options, experiment, coordinator: variant.kind, outDir: join(root, dir), startedAt: performance.now() });
    const result = await run('late-write', variant.label.replace(/[^a-z]+/g, '-'));
    const row: CompareRow = {
      coordinator: variant.kind,
      label: variant.label,
      installed: true,
      token,
      tokens: result.tokens,
      modes: modesOf(result),
      verdict: result.verdict,
      durationMs: result.durationMs,
      ...(result.serverStartMs !== undefined ? { serverStartMs: result.serverStartMs } : {}),
      outDir: result.outDir,
    };
    if (flags.withFailover && variant.failover) {
      const f = await run(variant.failover, `${variant.kind}-${variant.failover}`);
      row.failover = { experiment: variant.failover, verdict: f.verdict, tokens: f.tokens, modes: modesOf(f), outDir: f.outDir };
    }
    rows.push(row);
    if (!flags.json) write(` ${variant.label}: ${result.verdict} (${result.durationMs} ms)`);
  }
  const ok = rows.every((r) => !r.installed || (r.verdict === 'expected' && (r.failover?.verdict ?? 'expected') === 'expected'));
  if (flags.json) printJson({ rows, durationMs: Math.round(performance.now() - startedAt) });
  else for (const line of compareTable(rows)) write(line);
  return ok ? 0 : 1;
}

function tokenWords(kind: CoordinatorKind): string {
  return COORDINATOR_CATALOGUE.find((c) => c.kind === kind)?.token.replace(/; with --token incr.*$/, '') ?? '';
}

/** The table, one row per system: measured values, or what to install. */
export function compareTable(rows: CompareRow[]): string[] {
  const show = (t: LabToken | null | undefined) => (t === null ? 'none' : t === undefined ? '' : formatToken(t));
  const sink = (m: { value: string | null; bWrite?: number; lateWrite?: number } | undefined) => {
    if (!m) return '';
    // B's status only when it was refused too (a lock without a token): otherwise it is 200 in every row.
    const statuses = [m.bWrite !== undefined && m.bWrite !== 200 ? `B ${m.bWrite}` : '', m.lateWrite ? `A ${m.lateWrite}` : ''].filter(Boolean);
    return `${m.value ?? NOTHING}${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}`;
  };
  const cells = rows.map((r) =>
    r.installed
      ? [r.label, r.token, show(r.tokens?.A), show(r.tokens?.B), sink(r.modes?.plain), sink(r.modes?.fenced), r.verdict ?? '', failoverCell(r)]
      : [r.label, r.install ?? '', '', '', '', '', '', ''],
  );
  const head = ['system', 'token', 'A', 'B', 'plain', 'fenced', 'verdict', 'failover/restart'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => ` ${c.map((v, i) => v.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  return ['', line(head), ...cells.map(line)];
}

function failoverCell(r: CompareRow): string {
  const f = r.failover;
  if (!f) return '';
  const t = (n: LabToken | null) => (n === null ? 'none' : formatToken(n));
  return `${f.experiment}: ${f.verdict}, tokens A ${t(f.tokens.A)} B ${t(f.tokens.B)}`;
}
