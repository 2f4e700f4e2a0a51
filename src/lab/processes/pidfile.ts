/**
 * One pidfile per lab run under `<data>/run/`: the runner's pid and argv,
 * each child's pid and argv, and temp directories to remove. A new run and
 * the test suite's teardown reap what a killed run left behind, ending a pid
 * only while it still runs the recorded command line (pids are reused).
 * SIGKILL of the runner itself cannot be handled in the runner; this is
 * what catches it next time.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeJsonAtomic } from '../../platform/atomic-file.js';
import { toolVersion } from '../../platform/package-root.js';
import { isAlive, runsCommand } from './proc.js';

export const PIDFILE_SCHEMA_VERSION = 1;

export interface RecordedProcess {
  role: string;
  pid: number;
  argv: string[];
}

export interface PidfileContent {
  schemaVersion: number;
  version: string;
  runId: string;
  startedAt: string;
  runner: { pid: number; argv: string[] };
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
      runner: { pid: process.pid, argv: process.argv },
      children: [],
      tempDirs: [],
    };
    this.save();
  }

  addChild(child: RecordedProcess): void {
    this.content.children.push(child);
    this.save();
  }

  addTempDir(dir: string): void {
    this.content.tempDirs.push(dir);
    this.save();
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }

  private save(): void {
    writeJsonAtomic(this.path, this.content);
  }
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
    let content: PidfileContent;
    try {
      content = JSON.parse(readFileSync(path, 'utf8')) as PidfileContent;
    } catch {
      rmSync(path, { force: true });
      continue;
    }
    const runnerLive =
      content.runner?.pid === process.pid || (content.runner && runsCommand(content.runner.pid, content.runner.argv));
    if (runnerLive && !opts.force) continue;
    for (const child of content.children ?? []) {
      if (!runsCommand(child.pid, child.argv)) continue;
      await endPid(child.pid);
      report.ended.push(child.pid);
    }
    for (const dir of content.tempDirs ?? []) rmSync(dir, { recursive: true, force: true });
    rmSync(path, { force: true });
    report.pidfiles.push(path);
  }
  return report;
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
