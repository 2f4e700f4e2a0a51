/**
 * What the exercises need from the process machinery, which lives in the
 * lab (starting children in their own process group, the pidfile, the
 * embedded coordinator, SIGSTOP). The exercises layer may not import the
 * lab, so the command line passes these in (src/cli/exercise/exercise-machinery.ts).
 */
import type { DistributiveOmit } from '../platform/json-fields.js';
import type { ClientChildCommand, ClientChildMessage, SinkChildCommand, SinkChildMessage } from './child-protocol.js';
import type { TokenEvidence } from './types.js';

/** A started child speaking typed JSON lines (child-protocol.ts); the lab's LabChild has this shape. */
export interface ChildLike<M extends { ev: string }, C extends { op: string }> {
  readonly pid: number;
  readonly alive: boolean;
  readonly exited: Promise<number | null>;
  send(command: C): void;
  request<R extends M = M>(command: DistributiveOmit<C, 'id'>, timeoutMs?: number): Promise<R>;
  on(listener: (m: M) => void): () => void;
  waitFor<E extends M['ev']>(events: readonly E[], timeoutMs?: number): Promise<Extract<M, { ev: E }>>;
  signal(sig: NodeJS.Signals): void;
  end(opts?: { graceMs?: number }): Promise<void>;
  diagnostics(): string;
}

export type SinkChild = ChildLike<SinkChildMessage, SinkChildCommand>;
export type ClientChild = ChildLike<ClientChildMessage, ClientChildCommand>;

export interface ExerciseMachinery {
  /**
   * Starts the hidden `exercise-sink` command with `args` in its own process
   * group, with `env` as its whole environment, recorded in a pidfile.
   */
  /**
   * `files`: the only folders the sink may read (`read`) and write (`write`)
   * under Node's permission model, besides the tutor's own package.
   */
  startSinkChild(args: string[], env: NodeJS.ProcessEnv, cwd: string, files?: { read: string[]; write: string[] }): SinkChild;
  /** Kills the child's whole process group (whatever the learner's code started too). */
  killGroup(child: SinkChild | ClientChild): Promise<void>;
  /** One real expiry: A stopped with SIGSTOP while its lease runs out, then B acquires. */
  supplyTokens(ttlMs: number): Promise<TokenEvidence>;
  /** A throwaway PostgreSQL server (postgres-sink): ended by `close`. A missing server is a ToolMissingError. */
  startPostgres?(): Promise<{ url: string }>;
  /** Ends everything it started and removes its pidfile. */
  close(): Promise<void>;
}
