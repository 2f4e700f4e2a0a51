/**
 * A real pseudo-terminal for end-to-end tests, through tmux: start a
 * command at an explicit size, wait for text by polling the screen (never
 * a fixed sleep), send keys, read the screen, kill the session.
 *
 *   const term = await startTmux({ cols: 100, rows: 30, command: 'node bin/fence-tutor.js' });
 *   await term.waitFor('Simulator');
 *   await term.send('Down', 'Enter');
 *   await term.kill();   // always, in afterEach
 *
 * The child runs with CI removed (Ink renders differently under CI=true).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isAlive } from '../../src/lab/processes/proc.js';
import { waitUntil } from './wait-until.js';
import { shellQuote } from '../../src/platform/shell-quote.js';

/**
 * How long a wait for the screen or the exit may take before it fails with
 * the screen: generous, just under the one overall bound each pty test file
 * sets (120 s, test/build/wait-bounds.test.ts), so a loaded machine is slow,
 * not wrong, and a real hang still fails with what was on the screen.
 */
export const STEP_LIMIT_MS = 100_000;

export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
}

/** True when a tool-dependent test should run (present, or required by FENCE_REQUIRE_TOOLS=1). */
export function tmuxTestsEnabled(): boolean {
  const present = hasTmux();
  if (!present && process.env.FENCE_REQUIRE_TOOLS !== '1') {
    console.warn('\n*** tmux is not installed: SKIPPING the pseudo-terminal tests (install tmux to run them) ***\n');
  }
  return present || process.env.FENCE_REQUIRE_TOOLS === '1';
}

export interface TmuxSession {
  name: string;
  /** Resolves with the screen once it matches; rejects with the screen after timeoutMs. */
  waitFor: (match: string | RegExp, timeoutMs?: number) => Promise<string>;
  /** Keys in tmux's send-keys names (`Enter`, `Escape`, `Left`, `C-c`) or literal text. */
  send: (...keys: string[]) => Promise<void>;
  /** Literal text, never interpreted as key names. */
  type: (text: string) => Promise<void>;
  /**
   * The visible screen; with `history`, the scrollback above it too (a line
   * may scroll off as the pane dies); with `styled`, its colours and
   * attributes as escape sequences (a highlight has no other trace).
   */
  screen: (options?: { history?: boolean; styled?: boolean }) => string;
  /** Pids of the processes the pane's shell started (the command under test). */
  commandPids: () => number[];
  /** `stty -a` of the pane's terminal: its modes (`-icanon` in raw mode, `echo` when it echoes). */
  terminalModes: () => string;
  /** False while the program has the cursor hidden. */
  cursorVisible: () => boolean;
  /** Resize the terminal, as a person dragging the window would. */
  resize: (cols: number, rows: number) => void;
  /** True while the command still runs in its pane. */
  alive: () => boolean;
  /** Resolves when the command has ended; rejects after timeoutMs. */
  waitForExit: (timeoutMs?: number) => Promise<number | null>;
  kill: () => Promise<void>;
}

export interface StartOptions {
  cols: number;
  rows: number;
  /** A shell command line run in the pane. */
  command: string;
  env?: Record<string, string>;
  cwd?: string;
}

function tmux(args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Text as one shell word: the product's own quoting (src/platform/shell-quote.ts). */
export { shellQuote };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `tmux new-session`, again when it met a server on its way out: the last
 * session's end (the previous test's) makes the tmux server exit, and a
 * client that connected just then gets "server exited unexpectedly" (seen
 * under load in the stress run); the next attempt starts a new server.
 */
function newSession(args: string[]): void {
  for (let attempt = 1; ; attempt++) {
    try {
      tmux(args);
      return;
    } catch (err) {
      if (attempt >= 5 || !String((err as { stderr?: unknown }).stderr ?? err).includes('server exited unexpectedly')) throw err;
    }
  }
}

export async function startTmux(options: StartOptions): Promise<TmuxSession> {
  const name = `ft-${process.pid}-${randomBytes(4).toString('hex')}`;
  const envArgs = Object.entries(options.env ?? {}).map(([k, v]) => `${k}=${shellQuote(v)}`);
  // `env -u CI` keeps CI out of the child; the exit status lands in a tmux
  // option, and remain-on-exit keeps the pane so the status can be read.
  const inner = `env -u CI ${envArgs.join(' ')} ${options.command}; tmux set-option -t ${name} @exit $?`;
  newSession(['new-session', '-d', '-s', name, '-x', String(options.cols), '-y', String(options.rows), ...(options.cwd ? ['-c', options.cwd] : []), inner]);
  try {
    tmux(['set-option', '-t', name, 'remain-on-exit', 'on']);
  } catch {
    // The command may already have ended; waitForExit reads the status.
  }

  const screen = (opts: { history?: boolean; styled?: boolean } = {}) => {
    try {
      return tmux(['capture-pane', '-p', ...(opts.styled ? ['-e'] : []), ...(opts.history ? ['-S', '-'] : []), '-t', name]);
    } catch {
      return '';
    }
  };
  const exitStatus = (): number | null | undefined => {
    try {
      const out = tmux(['show-options', '-v', '-t', name, '@exit']).trim();
      return out === '' ? undefined : Number(out);
    } catch {
      // Session gone, or the option is not set yet.
      return hasSession(name) ? undefined : null;
    }
  };
  const session: TmuxSession = {
    name,
    screen,
    waitFor: async (match, timeoutMs = STEP_LIMIT_MS) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = screen();
        if (typeof match === 'string' ? text.includes(match) : match.test(text)) return text;
        if (Date.now() > deadline) {
          throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(match)}; the screen was:\n${text}`);
        }
        await sleep(40);
      }
    },
    send: async (...keys) => {
      for (const key of keys) {
        tmux(['send-keys', '-t', name, key]);
        // Let the app read one key before the next (a keypress per read, as a person types).
        await sleep(30);
      }
    },
    type: async (text) => {
      tmux(['send-keys', '-t', name, '-l', text]);
    },
    commandPids: () => {
      const shell = tmux(['list-panes', '-t', name, '-F', '#{pane_pid}']).trim();
      const out = spawnSync('pgrep', ['-P', shell], { encoding: 'utf8' }).stdout ?? '';
      return out.split('\n').filter(Boolean).map(Number);
    },
    terminalModes: () => {
      const tty = tmux(['display-message', '-p', '-t', name, '#{pane_tty}']).trim();
      return execFileSync('stty', ['-F', tty, '-a'], { encoding: 'utf8' });
    },
    cursorVisible: () => tmux(['display-message', '-p', '-t', name, '#{cursor_flag}']).trim() === '1',
    resize: (cols, rows) => {
      tmux(['resize-window', '-t', name, '-x', String(cols), '-y', String(rows)]);
    },
    alive: () => exitStatus() === undefined,
    waitForExit: async (timeoutMs = STEP_LIMIT_MS) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const status = exitStatus();
        if (status !== undefined) return status;
        if (Date.now() > deadline) throw new Error(`the command did not end within ${timeoutMs} ms; screen:\n${screen()}`);
        await sleep(40);
      }
    },
    kill: async () => {
      let pids: number[] = [];
      try {
        pids = session.commandPids();
        tmux(['kill-session', '-t', name]);
      } catch {
        // Already gone.
      }
      // The tutor saves its progress on the SIGHUP: wait until it has ended, so
      // a test that removes its data directory next does not race that write.
      await waitUntil(() => pids.every((pid) => !isAlive(pid)), { timeout: 5000, what: 'the command to end' }).catch(() => undefined);
    },
  };
  return session;
}

function hasSession(name: string): boolean {
  return spawnSync('tmux', ['has-session', '-t', name], { stdio: 'ignore' }).status === 0;
}
