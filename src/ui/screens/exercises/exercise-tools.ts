/**
 * The servers the exercises need (a manifest's `needs`: etcd, ZooKeeper, PostgreSQL),
 * found by looking for files, never by starting one, and the hint that says
 * how to install each: the Exercises screen shows "needs ..." and the hint
 * instead of running a check that would stop at exit 2.
 */
import { findZooKeeper, ZOOKEEPER_INSTALL_HINT } from '../../../lab/coordinator/zookeeper/zookeeper-server.js';
import { findPostgresBin, POSTGRES_DEBIAN_PACKAGE } from '../../../lab/postgres/find-postgres.js';
import { installHint, missingLabTools } from '../../../lab/tools.js';

export function missingExerciseTools(): string[] {
  return [...missingLabTools(['etcd']), ...(findZooKeeper() ? [] : ['zookeeper']), ...(findPostgresBin() ? [] : ['postgres'])];
}

export function exerciseToolHint(tool: string): string {
  if (tool === 'zookeeper') return ZOOKEEPER_INSTALL_HINT;
  if (tool === 'postgres') return `PostgreSQL was not found. Install it (Debian/Ubuntu: \`sudo apt-get install ${POSTGRES_DEBIAN_PACKAGE}\`)`;
  return installHint('etcd');
}
