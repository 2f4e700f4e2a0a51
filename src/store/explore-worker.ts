/**
 * The worker thread's side of `exploreOffThread`: one count per worker.
 * Built as its own ESM entry (`dist/esm/explore-worker.js`, see
 * scripts/build.mjs), so it loads the engine and nothing of the app.
 * Progress goes back at most every PROGRESS_MS; the parent cancels by
 * terminating the thread, which stops even a count between progress points.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { explore } from '../core/explorer.js';
import type { ExploreRequest, ExploreWorkerMessage } from './explore-thread.js';
import { errorMessage } from '../platform/error-message.js';

const PROGRESS_MS = 100;

const port = parentPort;
if (port) {
  const { scenario, overrides } = workerData as ExploreRequest;
  const post = (message: ExploreWorkerMessage) => port.postMessage(message);
  let lastPost = 0;
  try {
    const result = explore(scenario, overrides, {
      progressEvery: 5_000,
      onProgress: ({ statesVisited }) => {
        const now = Date.now();
        if (now - lastPost < PROGRESS_MS) return;
        lastPost = now;
        post({ type: 'progress', statesVisited });
      },
    });
    // Bigints survive the structured clone as they are.
    post({ type: 'result', result });
  } catch (err) {
    post({ type: 'error', message: errorMessage(err) });
  }
}
