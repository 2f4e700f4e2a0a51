import { defineConfig } from 'vitest/config';

const ALL = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
// Everything else is the unit project, the quick tier (`npm run test:quick`):
// no build and no server or CLI process (the CLI runs in process:
// test/helpers/cli-in-process.ts).
// A test's project follows from its name (test/README.md, "Tiers"):
// `*.pty.test.ts(x)`: pseudo-terminal sessions (tmux): they run strictly one
// at a time, last.
const PTY = ['test/**/*.pty.test.ts', 'test/**/*.pty.test.tsx'];
// `*.proc.test.ts(x)`: real processes (the lab, etcd, SIGSTOP, writers killed
// at random, the built CLI as a process) and what reads the build (dist/):
// they mostly wait (TTLs, elections), and each has
// its own data dir, temp dirs and free ports, so two files run side by side,
// apart from the unit tests.
const PROCESSES = ['test/**/*.proc.test.ts', 'test/**/*.proc.test.tsx'];

export default defineConfig({
  test: {
    // include lives in the projects below (a root include would be merged into both).
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Three groups, one after the other (sequence.groupOrder): unit files on
    // every core, then the process tests two at a time, then the pty tests
    // one at a time, so none races the unit tests for the cores and the pty
    // tests race nothing. See test/README.md.
    projects: [
      // vitest's default is one worker fewer than the cores: one on two cores.
      // Threads, not forks: the unit files start no signal handlers and change
      // no cwd, and a thread starts and imports faster than a process (test/ui,
      // store and core on a loaded 2-core machine: 213 s in threads, 320 s in
      // forks). The other projects stay in forks: they send and catch signals.
      // Not isolated: a worker runs file after file and keeps what Node loaded
      // (React, Ink, the parsers), while test/setup.ts has our modules, the
      // environment, timers and spies start afresh for each file (test/ui and
      // test/store on a loaded 2-core machine: 102 s of CPU isolated, 42 s not).
      {
        extends: true,
        test: { name: 'unit', include: ALL, exclude: [...PTY, ...PROCESSES], maxWorkers: '100%', pool: 'threads', isolate: false },
      },
      {
        extends: true,
        test: { name: 'processes', include: PROCESSES, exclude: PTY, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'serial', include: PTY, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/core/**', 'src/content/**', 'src/render/**'],
      reporter: ['text-summary', 'text'],
      // Each folder on its own, so one well-tested folder cannot hide the other.
      thresholds: { 'src/core/**': { lines: 90 }, 'src/content/**': { lines: 90 } },
    },
  },
});
