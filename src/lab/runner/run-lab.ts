/**
 * One lab run from start to verdict, in three parts: start (the coordinator,
 * the sink and the workers, in parallel: lab-start.ts), run (the experiment
 * and its verdict: lab-start.ts), and the teardown object that owns every
 * child, the pidfile and the temp dirs and ends them once, whatever happens
 * (success, failure, exception, or SIGINT/SIGTERM through the cleanup
 * registry: lab-teardown.ts). This file wires the three together.
 */
import { describeWriteFailure, probeWritable } from '../../platform/write-failure.js';
import { UsageError } from '../../platform/errors.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { makeUserDirs } from '../../platform/atomic-file.js';
import { join } from 'node:path';
import { onCleanup } from '../../platform/cleanup.js';
import { dataSubdir } from '../../platform/data-dir.js';
import { writeEvidence } from '../evidence/write-evidence.js';
import { experimentFor } from '../experiments/index.js';
import { RunPidfile, reapLeftovers } from '../processes/pidfile.js';
import { LabAbortedError, type LabListener, type LabOptions, type LabResult } from '../types.js';
import { countInterruptedRun } from './interrupted-runs.js';
import { debug } from './lab-debug.js';
import { LabTeardown } from './lab-teardown.js';
import { runExperiment, startRun } from './lab-start.js';
import { assertFreshOutDir, assertLabSupported } from './preflight.js';

/**
 * An interrupted run wrote no run.json: its sink.sqlite alone is no evidence
 * of anything, so it goes, and the folder with it when that leaves it empty
 * (a folder the user gave with other files in it stays).
 */
function removePartialEvidence(outDir: string): void {
  if (existsSync(join(outDir, 'run.json'))) return;
  let names: string[];
  try {
    names = readdirSync(outDir);
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith('sink.sqlite')) rmSync(join(outDir, name), { recursive: true, force: true });
  try {
    rmdirSync(outDir);
  } catch {
    // not empty (the user's own files), or gone
  }
}

export async function runLab(options: LabOptions, listener: LabListener = () => undefined): Promise<LabResult> {
  assertLabSupported();
  if (options.signal?.aborted) throw new LabAbortedError();
  const t0 = options.startedAt ?? performance.now();
  const experiment = experimentFor(options.experiment, options.coordinator);
  assertFreshOutDir(options.outDir);
  // Before any process starts: an --out that cannot be made is bad input, and nothing is left to end.
  makeUserDirs(options.outDir, '--out');
  // Before the lease is waited out: a full or read-only disk is said now, in one line (D8), not after the run.
  try {
    probeWritable(options.outDir);
  } catch (err) {
    const problem = describeWriteFailure(err);
    if (problem === undefined) throw err;
    throw new UsageError(`${problem} (the evidence folder, --out)`);
  }
  const runId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const runDir = dataSubdir('run');
  const reaped = await reapLeftovers(runDir);
  if (reaped.ended.length > 0) {
    listener({ type: 'note', text: `ended ${reaped.ended.length} process(es) left by an earlier killed run`, atMs: 0 });
  }
  // One object owns every child, the pidfile and the temp dirs, and ends them once.
  const teardown = new LabTeardown(new RunPidfile(runDir, runId), `/fence-tutor/lab/${runId}/`, debug);
  let aborted = false;
  const abort = async () => {
    if (!aborted) countInterruptedRun();
    aborted = true;
    await teardown.end();
    removePartialEvidence(options.outDir);
  };
  const unregister = onCleanup(abort);
  const onAbort = () => void abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const started = await startRun({ options, experiment, teardown, listener, t0, runId });
    const result = await runExperiment(started, { options, experiment, listener, t0 });
    // B lets go properly; the others simply end.
    await started.b.request({ op: 'release' }, 2000).catch(() => undefined);
    await teardown.end();
    writeEvidence(result, experiment);
    debug('evidence written');
    return result;
  } catch (err) {
    // Interrupted (Ctrl-C, SIGTERM): the children were ended under our feet; that is not a failure to report.
    if (aborted) throw new LabAbortedError();
    throw err;
  } finally {
    await teardown.end();
    unregister();
    options.signal?.removeEventListener('abort', onAbort);
  }
}
