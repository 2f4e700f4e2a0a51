/**
 * The set-up every pseudo-terminal test of the tutor shares, in one place:
 * tmux present (or required under FENCE_REQUIRE_TOOLS=1), the bundle built,
 * a temp FENCE_TUTOR_HOME for the file, every session it started killed
 * after each test, and the home removed after the file.
 *
 *   const tt = tutorTerminal('resize');
 *   describe.skipIf(!tt.enabled)('...', () => {
 *     it('...', async () => {
 *       const term = await tt.start('lesson 1', { cols: 80, rows: 24 });
 *       await term.waitFor('Lesson 1 of 13');
 *     });
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ensureBuilt, root } from '../cli/cli-run.js';
import { errorMessage } from '../../src/platform/error-message.js';
import { shellQuote, startTmux, type TmuxSession, tmuxTestsEnabled } from './tmux.js';

export interface TutorStartOptions {
  cols?: number;
  rows?: number;
  /** Added to (or overriding) the pane's environment: FENCE_TUTOR_HOME for a test's own data directory, PATH without a tool. */
  env?: Record<string, string>;
  /** The pane's working directory (default: the repository). */
  cwd?: string;
  /**
   * Shell text in place of this checkout's `node bin/fence-tutor.js`: an
   * installed copy, or `thisNode()` where the test's PATH leaves node out.
   */
  program?: string;
}

export interface TutorTerminal {
  enabled: boolean;
  /** This file's data directory (set before the first test). */
  readonly home: string;
  /**
   * `fence-tutor ARGS` in a new pane, 100x30 unless told. ARGS is shell
   * text: quote what needs it (the tests' own paths have no spaces).
   */
  start: (args: string, options?: TutorStartOptions) => Promise<TmuxSession>;
}

/** This checkout's tutor run by this node's path, for a pane whose PATH has no node. */
export function thisNode(): string {
  return `${shellQuote(process.execPath)} ${shellQuote(join(root, 'bin', 'fence-tutor.js'))}`;
}

function lastScreen(session: TmuxSession): string {
  try {
    return session.screen({ history: true });
  } catch (err) {
    return `(no screen: ${errorMessage(err)})`;
  }
}

export function tutorTerminal(name: string): TutorTerminal {
  const enabled = tmuxTestsEnabled();
  const sessions: TmuxSession[] = [];
  let home = '';
  beforeAll(() => {
    if (!enabled) return;
    ensureBuilt();
    home = mkdtempSync(join(tmpdir(), `fence-tutor-e2e-${name}-`));
  });
  afterEach(async (context) => {
    // A failed test (a timeout above all) shows what its panes showed: a
    // flake under load is then a screen to read, not a rerun to hope for.
    const failed = context.task.result?.state === 'fail';
    for (const session of sessions.splice(0)) {
      if (failed) process.stderr.write(`\n--- ${name}: the screen of ${session.name} when "${context.task.name}" failed ---\n${lastScreen(session)}\n---\n`);
      await session.kill();
    }
  });
  afterAll(() => {
    if (home) rmSync(home, { recursive: true, force: true });
  });
  return {
    enabled,
    get home() {
      return home;
    },
    start: async (args, options = {}) => {
      const session = await startTmux({
        cols: options.cols ?? 100,
        rows: options.rows ?? 30,
        cwd: options.cwd ?? root,
        command: `${options.program ?? 'node bin/fence-tutor.js'} ${args}`,
        env: { FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', TERM: 'xterm-256color', ...options.env },
      });
      sessions.push(session);
      return session;
    },
  };
}
