/**
 * Counting every ordering can take minutes (six actors with four writes
 * each), so the app counts in a worker thread: the screen keeps drawing,
 * Esc cancels (the thread is terminated), Ctrl-C quits at once. From the
 * bundle the worker is `dist/esm/explore-worker.js`; run from the sources
 * (the unit tests) there is no built worker, and the count runs here at
 * once, behind the same interface (its answer arrives a microtask later).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { simulate } from '../core/engine.js';
import { explore } from '../core/explorer.js';
import type { ConfigOverrides, ExploreResult, Scenario } from '../core/types.js';
import { packageRoot } from '../platform/package-root.js';

export interface ExploreRequest {
  scenario: Scenario;
  overrides: ConfigOverrides;
}

export type ExploreWorkerMessage = { type: 'progress'; statesVisited: number } | { type: 'result'; result: ExploreResult } | { type: 'error'; message: string };

/** A count under way: its answer, and a way to stop it (the promise then never settles). */
export interface ExploreJob {
  result: Promise<ExploreResult>;
  cancel: () => void;
}

export type ExploreAsync = (scenario: Scenario, overrides: ConfigOverrides, onProgress: (p: { statesVisited: number }) => void) => ExploreJob;

/** The built worker, when this module runs from the bundle. */
function builtWorker(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (!/[\\/]dist[\\/]/.test(here)) return undefined;
  const file = join(packageRoot(), 'dist', 'esm', 'explore-worker.js');
  return existsSync(file) ? file : undefined;
}

/**
 * Runs with this many writes or fewer are counted here: a few milliseconds
 * at most, where starting a worker costs tens to hundreds (`npm run bench`,
 * explore-worker), and the answer would arrive later than the count takes.
 */
const IN_THREAD_MAX_WRITES = 8;

export const exploreOffThread: ExploreAsync = (scenario, overrides, onProgress) => {
  const file = builtWorker();
  const small = () => simulate(scenario, overrides).writes.length <= IN_THREAD_MAX_WRITES;
  return file && !small() ? inWorker(file, { scenario, overrides }, onProgress) : onThisThread({ scenario, overrides }, onProgress);
};

function inWorker(file: string, request: ExploreRequest, onProgress: (p: { statesVisited: number }) => void): ExploreJob {
  // Imported here, not at the top: the reader and the simulator load this
  // module for their first frame, and `node:worker_threads` costs 2.1-3.0 ms
  // to load that only a count of more than eight writes uses (issue 32).
  let worker: Worker | undefined;
  let cancelled = false;
  const result = import('node:worker_threads').then(
    ({ Worker }) =>
      new Promise<ExploreResult>((resolve, reject) => {
        if (cancelled) return;
        const started = new Worker(file, { workerData: request });
        worker = started;
        // Never the reason the process stays up: Ctrl-C and q end the app at once.
        started.unref();
        started.on('message', (message: ExploreWorkerMessage) => {
          if (cancelled) return;
          if (message.type === 'progress') onProgress({ statesVisited: message.statesVisited });
          else if (message.type === 'result') resolve(message.result);
          else reject(new Error(message.message));
          if (message.type !== 'progress') void started.terminate();
        });
        started.on('error', (err) => {
          if (!cancelled) reject(err);
        });
        started.on('exit', (code) => {
          if (!cancelled && code !== 0) reject(new Error(`the explorer's worker ended with status ${code}`));
        });
      }),
  );
  return {
    result,
    cancel: () => {
      cancelled = true;
      void worker?.terminate();
    },
  };
}

function onThisThread(request: ExploreRequest, onProgress: (p: { statesVisited: number }) => void): ExploreJob {
  let result: Promise<ExploreResult>;
  try {
    result = Promise.resolve(explore(request.scenario, request.overrides, { onProgress }));
  } catch (err) {
    result = Promise.reject(err as Error);
  }
  return { result, cancel: () => undefined };
}
