/**
 * The servers the exercises need (a manifest's `needs`: etcd, ZooKeeper),
 * found by looking for files, never by starting one, and the hint that says
 * how to install each: the Exercises screen shows "needs ..." and the hint
 * instead of running a check that would stop at exit 2.
 */
import { findZooKeeper, ZOOKEEPER_INSTALL_HINT } from '../../../lab/coordinator/zookeeper/zookeeper-server.js';
import { installHint, missingLabTools } from '../../../lab/tools.js';

export function missingExerciseTools(): string[] {
  return [...missingLabTools(['etcd']), ...(findZooKeeper() ? [] : ['zookeeper'])];
}

export function exerciseToolHint(tool: string): string {
  return tool === 'zookeeper' ? ZOOKEEPER_INSTALL_HINT : installHint('etcd');
}
