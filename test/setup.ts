import { afterAll, vi } from 'vitest';

// The unit project runs its files with `isolate: false` (vitest.config.ts): a
// worker thread runs file after file, keeping what Node itself loaded (React,
// Ink, yaml, zod, fast-check: most of each file's import time) instead of
// starting afresh for each. What is ours starts afresh for each file, as in
// an isolated worker: this runs before every file, so src/ and test/ modules
// are evaluated again (module-level stores, caches, React.lazy screens, and
// vi.mock replacing a module for the modules that file loads), and the
// environment, timers, spies and stubbed globals are as the worker started.
vi.resetModules();
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
const worker = globalThis as { __fenceWorkerEnv?: NodeJS.ProcessEnv };
worker.__fenceWorkerEnv ??= { ...process.env };
const first = worker.__fenceWorkerEnv;
for (const name of Object.keys(process.env)) if (!(name in first)) delete process.env[name];
Object.assign(process.env, first);

// CI=true makes Ink render only the last frame (design.md, trap 1); tests
// that spawn children remove it there too.
delete process.env.CI;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A lazily loaded screen still loading when a file's last test ended resolves
// later, and React then warns (console.error) that the ping came outside
// act(): after the file, as a stray log, and when that log is still in
// flight as the worker thread closes, vitest fails the whole run
// ("EnvironmentTeardownError: Closing rpc while onUserConsoleLog was
// pending", once in a full run here). Once the file's tests are over nothing
// of theirs is acted on any more: React is told so, and stays quiet.
afterAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
