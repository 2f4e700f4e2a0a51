/**
 * What the exercises need from the process machinery, which lives in the
 * lab (starting children in their own process group, the pidfile, the
 * embedded coordinator, SIGSTOP). The exercises layer may not import the
 * lab, so the command line passes these in (src/cli/exercise/exercise-machinery.ts).
 */
import type { TokenEvidence } from './types.js';

export type Message = Record<string, unknown>;

/** A started child speaking JSON lines (the lab's LabChild has this shape). */
export interface ChildLike {
  readonly pid: number;
  readonly alive: boolean;
  readonly exited: Promise<number | null>;
  send(command: Message): void;
  request(command: Message, timeoutMs?: number): Promise<Message>;
  on(listener: (m: Message) => void): () => void;
  waitFor(events: string[], timeoutMs?: number): Promise<Message>;
  signal(sig: NodeJS.Signals): void;
  end(opts?: { graceMs?: number }): Promise<void>;
  diagnostics(): string;
}

export interface ExerciseMachinery {
  /**
   * Starts the hidden `exercise-sink` command with `args` in its own process
   * group, with `env` as its whole environment, recorded in a pidfile.
   */
  /**
   * `files`: the only folders the sink may read (`read`) and write (`write`)
   * under Node's permission model, besides the tutor's own package.
   */
  startSinkChild(args: string[], env: NodeJS.ProcessEnv, cwd: string, files?: { read: string[]; write: string[] }): ChildLike;
  /** Kills the child's whole process group (whatever the learner's code started too). */
  killGroup(child: ChildLike): Promise<void>;
  /** One real expiry: A stopped with SIGSTOP while its lease runs out, then B acquires. */
  supplyTokens(ttlMs: number): Promise<TokenEvidence>;
  /** Ends everything it started and removes its pidfile. */
  close(): Promise<void>;
}
