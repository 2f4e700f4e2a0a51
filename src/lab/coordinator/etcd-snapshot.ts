/**
 * Snapshots through Debian's etcdctl 3.4 (package `etcd-client`): `snapshot
 * save` from a running member, `snapshot restore` into a new data dir. The
 * 3.4.23 etcdctl has no `--bump-revision` (it arrived in 3.4.27; etcdutl has
 * it from 3.5.10), so a restore here rewinds the revision counter to the
 * snapshot's: the restore experiment shows that, and its epoch is the fix.
 * Both commands run with a time limit; their output goes to the run's log,
 * never to our terminal.
 */
import { execFile } from 'node:child_process';
import { LabUnavailableError } from '../types.js';

const COMMAND_TIMEOUT_MS = 15_000;

function run(bin: string, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('ETCDCTL_'))), ETCDCTL_API: '3' };
    const options = { env, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 1024 * 1024, killSignal: 'SIGKILL' as const, ...(signal ? { signal } : {}) };
    execFile(bin, args, options, (err, stdout, stderr) => {
      if (err) reject(new LabUnavailableError(`${[bin, ...args].join(' ')} failed: ${(stderr || err.message).trim().split('\n').slice(-3).join(' ')}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

export function saveSnapshot(etcdctl: string, endpoint: string, path: string, signal?: AbortSignal): Promise<string> {
  return run(etcdctl, ['--endpoints', endpoint, 'snapshot', 'save', path], signal);
}

export interface RestoreSpec {
  snapshot: string;
  dataDir: string;
  name: string;
  peerUrl: string;
  initialCluster: string;
}

/** The restore command line (also recorded in the evidence). */
export function restoreArgs(spec: RestoreSpec): string[] {
  return [
    'snapshot',
    'restore',
    spec.snapshot,
    '--data-dir',
    spec.dataDir,
    '--name',
    spec.name,
    '--initial-cluster',
    spec.initialCluster,
    '--initial-advertise-peer-urls',
    spec.peerUrl,
  ];
}

export function restoreSnapshot(etcdctl: string, spec: RestoreSpec, signal?: AbortSignal): Promise<string> {
  return run(etcdctl, restoreArgs(spec), signal);
}
