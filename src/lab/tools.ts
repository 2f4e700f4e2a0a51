/**
 * Which system tools an experiment needs and which are missing here, with
 * the hint that says how to install them. Used by the Lab screen before a
 * run (the runner says the same when it is asked anyway: exit 2).
 */
import { ETCD_INSTALL_HINT, ETCDCTL_INSTALL_HINT, findEtcd, findEtcdctl, findRedis, REDIS_INSTALL_HINT } from './coordinator/find-coordinators.js';

import type { LabTool } from './experiment-catalogue.js';

export type { LabTool } from './experiment-catalogue.js';

export function missingLabTools(needs: readonly LabTool[], etcdBin?: string): LabTool[] {
  return needs.filter((tool) => !FOUND[tool](etcdBin));
}

const FOUND: Record<LabTool, (etcdBin?: string) => boolean> = {
  etcd: (etcdBin) => findEtcd(etcdBin) !== undefined,
  etcdctl: (etcdBin) => findEtcdctl(etcdBin) !== undefined,
  'redis-server': () => findRedis() !== undefined,
};

export function installHint(tool: LabTool): string {
  if (tool === 'redis-server') return REDIS_INSTALL_HINT;
  return tool === 'etcd' ? ETCD_INSTALL_HINT.replace(/, or use a running cluster.*$/, '') : ETCDCTL_INSTALL_HINT;
}
