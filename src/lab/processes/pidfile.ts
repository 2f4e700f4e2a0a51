/**
 * One pidfile per lab run under `<data>/run/`: the runner's pid and argv,
 * each child's pid and argv, and temp directories to remove. A new run and
 * the test suite's teardown reap what a killed run left behind, ending a pid
 * only while it still runs the recorded command line (pids are reused).
 * SIGKILL of the runner itself cannot be handled in the runner; this is
 * what catches it next time.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, isAbsolute, join, normalize } from 'node:path';
import { removeStaleTemps, writeJsonAtomic } from '../../platform/atomic-file.js';
import { toolVersion } from '../../platform/package-root.js';
import { isAlive, runsCommand, selfIdentity, startTimeOf, stillRuns } from './proc.js';

const PIDFILE_SCHEMA_VERSION = 1;

export interface RecordedProcess {
  role: string;
  /** 0 while the process is only about to be spawned (recorded first: see `intend`). */
  pid: number;
  argv: string[];
  /** Start time in clock ticks (Linux), added when recorded: the pid's identity. */
  startTime?: string;
}

export interface PidfileContent {
  schemaVersion: number;
  version: string;
  runId: string;
  startedAt: string;
  runner: { pid: number; argv: string[]; startTime?: string };
  children: RecordedProcess[];
  tempDirs: string[];
}

export class RunPidfile {
  readonly path: string;
  private readonly content: PidfileContent;

  constructor(runDir: string, runId: string) {
    this.path = join(runDir, `lab-${runId}.json`);
    this.content = {
      schemaVersion: PIDFILE_SCHEMA_VERSION,
      version: toolVersion(),
      runId,
      startedAt: new Date().toISOString(),
      // As /proc shows it, with the start time: process.argv differs for `env node` bins and relative paths.
      runner: selfIdentity(),
      children: [],
      tempDirs: [],
    };
    this.save();
  }

  addChild(child: RecordedProcess): void {
    const startTime = child.startTime ?? startTimeOf(child.pid);
    this.content.children.push({ ...child, ...(startTime !== undefined ? { startTime } : {}) });
    this.save();
  }

  /**
   * Records a process BEFORE it is spawned, by its command line (which names
   * its own temp dir, so it is unique): a runner killed between the spawn and
   * `spawned` leaves an entry the next run finds by scanning for that argv.
   */
  intend(role: string, argv: string[]): RecordedSlot {
    const entry: RecordedProcess = { role, pid: 0, argv };
    this.content.children.push(entry);
    this.save();
    return {
      spawned: (pid: number) => {
        entry.pid = pid;
        const startTime = startTimeOf(pid);
        if (startTime !== undefined) entry.startTime = startTime;
        this.save();
      },
    };
  }

  addTempDir(dir: string): void {
    this.content.tempDirs.push(dir);
    this.save();
  }

  /** Every recorded child: teardown checks each has ended before it forgets them. */
  get children(): readonly RecordedProcess[] {
    return this.content.children;
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }

  /**
   * Removes the pidfile only once no recorded child still runs; otherwise it
   * stays, so the next run reaps what this one could not end. True if removed.
   */
  removeIfAllEnded(): boolean {
    if (this.content.children.some((c) => stillRuns(c))) return false;
    this.remove();
    return true;
  }

  private save(): void {
    writeJsonAtomic(this.path, this.content);
  }
}

/** A process recorded before its spawn; `spawned` completes the entry with its pid. */
export interface RecordedSlot {
  spawned(pid: number): void;
}

export interface ReapReport {
  /** Pids that were still running their recorded command and were ended. */
  ended: number[];
  /** Pidfiles removed. */
  pidfiles: string[];
}

/**
 * Ends the leftovers of runs whose runner is gone (or every run, with
 * `force`, for the test teardown where no run can still be going).
 */
export async function reapLeftovers(runDir: string, opts: { force?: boolean } = {}): Promise<ReapReport> {
  const report: ReapReport = { ended: [], pidfiles: [] };
  let names: string[];
  try {
    names = readdirSync(runDir).filter((n) => n.startsWith('lab-') && n.endsWith('.json'));
  } catch {
    return report;
  }
  for (const name of names) {
    const path = join(runDir, name);
    let content: Partial<Record<keyof PidfileContent, unknown>>;
    try {
      content = JSON.parse(readFileSync(path, 'utf8')) ?? {};
    } catch {
      rmSync(path, { force: true });
      continue;
    }
    const runner = isRecordedProcess(content.runner) ? content.runner : undefined;
    const runnerLive = runner !== undefined && (runner.pid === process.pid || stillRuns(runner));
    if (runnerLive && !opts.force) continue;
    const tempDirs = listOf(content.tempDirs).filter(isLabTempDir);
    for (const child of listOf(content.children).filter(isRecordedProcess)) {
      // Recorded but never completed: the runner died around the spawn; find it by its argv, which
      // must name one of the run's own temp dirs (so a hand-edited entry cannot end anything else).
      const ownArgv = child.argv.some((a) => tempDirs.some((d) => a.startsWith(`${d}/`) || a === d));
      const pids = child.pid === 0 ? (ownArgv ? pidsRunning(child.argv) : []) : stillRuns(child) ? [child.pid] : [];
      for (const pid of pids) {
        await endPid(pid);
        report.ended.push(pid);
      }
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
    rmSync(path, { force: true });
    report.pidfiles.push(path);
  }
  removeStalePidfileTemps(runDir);
  return report;
}

/**
 * A pidfile's temp files (`.lab-<run>.json.<pid>.<ms>.tmp`, atomic-file's
 * names) left by a runner killed mid-write: each pidfile has its own name, so
 * its next write never comes; the next run removes those of a dead writer.
 */
function removeStalePidfileTemps(runDir: string): void {
  let names: string[];
  try {
    names = readdirSync(runDir);
  } catch {
    return;
  }
  const targets = new Set(names.map((n) => /^\.(lab-.+\.json)\.\d+\.\d+\.tmp$/.exec(n)?.[1]).filter((t): t is string => t !== undefined));
  for (const target of targets) removeStaleTemps(join(runDir, target));
}

/** Live pids whose command line is exactly `argv` (Linux /proc; elsewhere none found). */
function pidsRunning(argv: readonly string[]): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => pid !== process.pid && runsCommand(pid, argv));
}

// A pidfile is read back as data: a damaged or hand-edited one must not end
// or remove what the lab never made. Entries of the wrong shape are skipped.

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecordedProcess(value: unknown): value is Pick<RecordedProcess, 'pid' | 'argv' | 'startTime'> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.pid) &&
    (v.pid as number) >= 0 &&
    Array.isArray(v.argv) &&
    v.argv.every((a) => typeof a === 'string') &&
    (v.startTime === undefined || typeof v.startTime === 'string')
  );
}

/**
 * A folder `mkdtemp` made for a run (`/tmp/fence-etcd-AbC123`): an absolute
 * path, with no `..`, whose name has our prefix and mkdtemp's six characters.
 * Anything else in `tempDirs` (a home folder, `/`, a string where a list
 * belongs, whose letters a loop would take one by one) is never removed.
 */
export function isLabTempDir(dir: unknown): dir is string {
  return typeof dir === 'string' && isAbsolute(dir) && normalize(dir) === dir && /^fence-[a-z]+(?:-[a-z]+)*-[A-Za-z0-9]{6}$/.test(basename(dir));
}

/** Continue (a stopped process cannot act on SIGTERM), then end; SIGKILL if it lingers. */
async function endPid(pid: number): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(pid, s);
    } catch {
      // already gone
    }
  };
  signal('SIGCONT');
  signal('SIGTERM');
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 10));
  if (isAlive(pid)) signal('SIGKILL');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 10));
}
