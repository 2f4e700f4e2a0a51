/**
 * The `lab` command's work, behind a dynamic import: parse flags, pick the
 * rendering (Lab screen on a terminal, plain lines, or one JSON document),
 * run, and map the outcome to an exit status (0 expected, 1 unexpected or
 * failed, 2 cannot run here or bad flags).
 */
import { describeWriteFailure } from '../../platform/write-failure.js';
import { UsageError } from '../../platform/errors.js';
import { makeUserDirs } from '../../platform/atomic-file.js';
import { printJson } from '../json-output.js';
import { installSignalHandlers, onCleanup, outcomeDecided, runCleanup } from '../../platform/cleanup.js';
import type { GlobalFlags } from '../../platform/global-flags.js';
import { decideDisplay } from '../terminal.js';
import { defaultOutDir, LabFlagError, type LabFlags, parseLabFlags } from '../../lab/lab-options.js';
import type { SinkFlags } from '../../lab/sink-options.js';
import { assertFreshOutDir, assertLabSupported } from '../../lab/runner/preflight.js';
import { interruptedRunCount, LAB_INTERRUPTED_NOTICE } from '../../lab/runner/interrupted-runs.js';

/** `lab`'s own options (commander checks nothing but their presence: parseLabFlags does) and the global ones. */
export type LabCommandFlags = LabFlags & SinkFlags & { json?: boolean; compare?: boolean; withFailover?: boolean } & GlobalFlags;
import { LabAbortedError, type LabResult, LabUnavailableError } from '../../lab/types.js';
import { join } from 'node:path';
import { sanitizeLine } from '../../core/neutralise.js';
import { errorMessage } from '../../platform/error-message.js';
import { loadRunApp } from '../load-app.js';
import { labRouteOf } from './lab-route.js';

export async function runLabCommand(flags: LabCommandFlags, startedAt: number): Promise<number> {
  // A signal at any moment, even before the run has registered its teardown, exits 130/143.
  installSignalHandlers();
  if (flags.compare) return compare(flags, startedAt);
  if (flags.withFailover) throw new UsageError('--with-failover goes with --compare. Fix: add --compare, or leave it out');
  let parsed: ReturnType<typeof parseLabFlags>;
  try {
    parsed = parseLabFlags(flags);
    assertLabSupported();
    // A missing tool is bad usage here (exit 2), on a terminal too: say so before any screen opens.
    const { installHint, missingLabTools } = await import('../../lab/tools.js');
    const { experimentEntry } = await import('../../lab/experiment-catalogue.js');
    const missing = missingLabTools(experimentEntry(parsed.options.experiment).needs, parsed.options.etcdBin);
    if (missing.length > 0) throw new LabUnavailableError(missing.map(installHint).join('\n'));
    if (parsed.options.sink === 'postgres' && parsed.options.postgresUrl === undefined) {
      const { findPostgresBin, POSTGRES_INSTALL_HINT } = await import('../../lab/postgres/postgres-server.js');
      if (!findPostgresBin(parsed.options.postgresBin)) throw new LabUnavailableError(POSTGRES_INSTALL_HINT);
    }
  } catch (err) {
    if (err instanceof LabFlagError || err instanceof LabUnavailableError) throw new UsageError(err.message);
    throw err;
  }
  const json = flags.json === true;
  const display = decideDisplay(flags);
  const outRoot = parsed.out ?? defaultOutDir(parsed.options.experiment);
  // Before the header: a refused --out is one line on stderr and nothing on stdout.
  try {
    assertFreshOutDir(parsed.repeats === 1 ? outRoot : join(outRoot, 'run-01'));
    // A folder the learner named: made now, so a path that cannot be made is refused before the header.
    if (parsed.out !== undefined) makeUserDirs(outRoot, '--out');
  } catch (err) {
    if (err instanceof LabUnavailableError) throw new UsageError(err.message);
    throw err;
  }

  if (display.interactive && parsed.repeats === 1) {
    const { runApp } = await loadRunApp();
    // The screen reports each verdict, so an unexpected one still exits 1 (conventions: "Exit status").
    let unexpected = false;
    // The oldest hook, so it runs last: after the run's teardown and after the app has let go of the terminal.
    const forgetNotice = onCleanup(() => {
      if (interruptedRunCount() > 0) process.stderr.write(`${LAB_INTERRUPTED_NOTICE}\n`);
    });
    const code = await runApp({
      route: labRouteOf(parsed.options, outRoot, (result: LabResult) => {
        unexpected ||= result.verdict === 'unexpected';
      }),
      display,
      flags,
    });
    // Left with q while a run went: its teardown may still be going. Wait for it through the
    // cleanup hooks (the run's, then the notice, registered first), so the line is true when said.
    if (interruptedRunCount() > 0) await runCleanup();
    else forgetNotice();
    return code === 0 && unexpected ? 1 : code;
  }

  // The runner and the plain lines load only here: the Lab screen's first frame does without them (preflight.ts).
  const [{ runLab }, { evidenceLine, plainPrinter }, { summarize, writeSummary }] = await Promise.all([
    import('../../lab/runner/run-lab.js'),
    import('../../lab/plain-printer.js'),
    import('../../lab/repeats.js'),
  ]);
  // Registered before the run's own teardown, so it runs after it (newest first): one line, once all has ended.
  const forgetNotice = onCleanup(() => {
    process.stderr.write(`${LAB_INTERRUPTED_NOTICE}\n`);
  });
  // Lines name the evidence folder (--out, or under FENCE_TUTOR_HOME): a path is data, neutralised like file content.
  const write = (line: string) => process.stdout.write(`${sanitizeLine(line)}\n`);
  const results: LabResult[] = [];
  try {
    for (let i = 1; i <= parsed.repeats; i++) {
      const outDir = parsed.repeats === 1 ? outRoot : join(outRoot, `run-${String(i).padStart(2, '0')}`);
      if (!json) {
        const [sep, dot] = display.ascii ? ['>', ','] : ['›', ' ·'];
        if (i === 1) {
          write(` Lab ${sep} ${parsed.options.experiment}${dot} ${parsed.options.coordinator} coordinator${dot} TTL ${parsed.options.ttlMs / 1000} s`);
        }
        if (parsed.repeats > 1) write(`\n run ${i} of ${parsed.repeats}`);
      }
      const listener = json ? () => undefined : plainPrinter({ ascii: display.ascii, write });
      const result = await runLab({ ...parsed.options, outDir, startedAt: i === 1 ? startedAt : undefined }, listener);
      results.push(result);
      if (!json) write(evidenceLine(result, display.ascii));
    }
  } catch (err) {
    // Interrupted: the cleanup registry ends the process with 130/143 once the children are gone.
    if (err instanceof LabAbortedError) return new Promise<number>(() => setTimeout(() => undefined, 10_000));
    forgetNotice();
    if (err instanceof LabUnavailableError) throw new UsageError(err.message);
    if (err instanceof UsageError) throw err;
    const writeProblem = describeWriteFailure(err);
    if (writeProblem) throw new UsageError(writeProblem);
    process.stderr.write(`fence-tutor: the lab run failed: ${sanitizeLine(errorMessage(err))}\n`);
    return 1;
  }
  forgetNotice();
  const summary = parsed.repeats > 1 ? summarize(results, outRoot) : undefined;
  if (summary) writeSummary(summary);
  const code = results.every((r) => r.verdict === 'expected') ? 0 : 1;
  // Decided before it is printed: a signal after this line is not an interrupted lab (exit `code`, no notice).
  outcomeDecided(code);
  if (json) printJson(summary ? { runs: results, summary } : results[0]);
  else if (summary) {
    write(
      `\n ${summary.expected} of ${summary.runs} runs as expected; duration median ${summary.durationMs.median} ms (TTL ${summary.ttlMs} ms)${
        // restore waits for no expiry: nothing to report there.
        Number.isFinite(summary.observedExpiryWaitMs.median) ? `, lock seen gone after a median ${summary.observedExpiryWaitMs.median} ms` : ''
      }`,
    );
  }
  return code;
}

/** `lab --compare`: every installed coordinator side by side; an experiment or coordinator of its own would be ignored, so refused. */
async function compare(flags: LabCommandFlags, startedAt: number): Promise<number> {
  for (const [flag, given] of [
    ['--experiment', flags.experiment !== undefined && flags.experiment !== 'late-write'],
    ['--coordinator', flags.coordinator],
    ['--repeats', flags.repeats !== undefined && flags.repeats !== '1'],
    ['--etcd-endpoints', flags.etcdEndpoints],
    ['--redis-url', flags.redisUrl],
    ['--token', flags.token],
  ] as const) {
    if (given) throw new UsageError(`--compare runs late-write on every coordinator the lab can start. Fix: leave out ${flag}`);
  }
  const { runCompare } = await import('./lab-compare.js');
  try {
    return await runCompare(flags, startedAt);
  } catch (err) {
    if (err instanceof LabAbortedError) return new Promise<number>(() => setTimeout(() => undefined, 10_000));
    if (err instanceof LabFlagError || err instanceof LabUnavailableError) throw new UsageError(err.message);
    process.stderr.write(`fence-tutor: the lab run failed: ${sanitizeLine(errorMessage(err))}\n`);
    return 1;
  }
}
