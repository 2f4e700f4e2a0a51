/**
 * What the client exercises (redo-on-reject, etcd-lock, zookeeper-lock) need from the lab's
 * machinery, handed in by the command line (src/cli/exercise/exercise-client-machinery.ts)
 * because the exercises layer may not import the lab.
 */
import type { ClientChild } from '../ports.js';

export interface ClientMachinery {
  /** Starts the hidden `exercise-client` command (the learner's module) in its own process group. */
  startClientChild(file: string, requires: string[], env: NodeJS.ProcessEnv, cwd: string): ClientChild;
  /** The embedded coordinator, in its own process; ended by close(). */
  startCoordinator(): Promise<{ url: string }>;
  /** A throwaway etcd on loopback ports; ended by close(). Throws ToolMissingError without etcd. */
  startEtcd(): Promise<{ endpoint: string }>;
  /** A throwaway standalone ZooKeeper on a loopback port (`host:port`); ended by close(). Throws ToolMissingError without it. */
  startZooKeeper(): Promise<{ connect: string }>;
  /** Ends everything it started. */
  close(): Promise<void>;
}

/** A tool the exercise needs is not installed: the CLI exits 2 with the hint. */
export class ToolMissingError extends Error {
  constructor(
    readonly tool: string,
    readonly hint: string,
  ) {
    super(hint);
    this.name = 'ToolMissingError';
  }
}
