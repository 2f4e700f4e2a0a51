/**
 * Where the coordinators' binaries are (etcd, etcdctl, redis-server), found
 * by looking for files and never by running anything. The Lab screen asks
 * this for its first frame, so it imports nothing but node:fs and node:path:
 * the launchers these belonged to brought 19 modules along (about 14 ms
 * before that frame, issue 32), as find-postgres.ts is kept apart from the
 * PostgreSQL launcher for the same reason.
 */
import { delimiter, dirname, join } from 'node:path';
import { findExecutable, isExecutable } from '../servers/find-executable.js';

export const ETCD_INSTALL_HINT =
  'etcd was not found. Install it (Debian/Ubuntu: `sudo apt-get install etcd-server`; macOS: `brew install etcd`), ' +
  'pass --etcd-bin PATH, or use a running cluster with --etcd-endpoints URL';

export const ETCDCTL_INSTALL_HINT =
  'etcdctl was not found. Install it (Debian/Ubuntu: `sudo apt-get install etcd-client`; macOS: `brew install etcd`), ' + 'or put its directory on PATH';

export const REDIS_INSTALL_HINT = 'redis-server was not found. Install it (Debian/Ubuntu: `sudo apt-get install redis-server`), or pass --redis-bin PATH';

/** Each directory on PATH. */
function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(delimiter).filter(Boolean);
}

/** The etcd binary: `--etcd-bin` if given (must be executable), else `etcd` on PATH. */
export function findEtcd(explicit?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = explicit ? [explicit] : pathDirs(env).map((d) => join(d, 'etcd'));
  return candidates.find(isExecutable);
}

/** etcdctl beside an explicit etcd binary, else on PATH; undefined when there is none. */
export function findEtcdctl(etcdBin?: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [...(etcdBin ? [join(dirname(etcdBin), 'etcdctl')] : []), ...pathDirs(env).map((d) => join(d, 'etcdctl'))];
  return candidates.find(isExecutable);
}

/** redis-server: `--redis-bin` if given, else on PATH or in the Debian locations. */
export function findRedis(explicit?: string): string | undefined {
  return findExecutable(['redis-server'], explicit);
}
