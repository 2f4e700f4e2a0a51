// The lab experiments that start their own etcd: failover (three members,
// the leader killed while A is stopped) and restore (one member restored
// from a snapshot). durationMs runs from the command's start to the verdict
// without the etcd start, which is reported beside it (for failover: until
// all three members grant leases). Baseline: the TTL, as for the late write.
// Each run is its own `fence-tutor lab --json` process, after one warm-up.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { benchEnv, bin, median, node, ratio, tempHome, timeProcess } from './lib.mjs';

const TTL_S = 2;

async function measure(experiment, runs, home) {
  const args = [node, bin, 'lab', '--json', '--ttl', String(TTL_S), '--experiment', experiment];
  const rows = [];
  for (let i = 0; i <= runs; i++) {
    const run = await timeProcess(args, { env: benchEnv(home) });
    if (run.code !== 0) throw new Error(`lab --experiment ${experiment} exited ${run.code}: ${run.stderr.slice(0, 200)}`);
    if (i > 0) rows.push({ wall: run.ms, ...JSON.parse(run.stdout) });
  }
  return rows;
}

const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;

export async function bench({ runs }) {
  if (!has('etcd')) return [{ metric: 'failover and restore', note: 'not measured (etcd not installed: apt-get install etcd-server)' }];
  const home = tempHome();
  const out = [];
  try {
    const failover = await measure('failover', runs, home);
    const ttl = failover[0].ttlMs;
    const dur = median(failover.map((r) => r.durationMs));
    out.push(
      {
        metric: `failover run, TTL ${ttl / 1000} s (cluster start left out)`,
        value: dur,
        unit: 'ms',
        baseline: ttl,
        ratio: ratio(dur, ttl),
        goal: `<= TTL + 4 s (${ttl + 4000} ms)`,
        note: `max ${Math.max(...failover.map((r) => r.durationMs))} ms; includes the election and a full TTL after it (etcd's new leader renews leases)`,
      },
      {
        metric: 'failover: election (SIGKILL of the leader to a new leader seen)',
        value: median(failover.map((r) => r.failover.electionMs)),
        unit: 'ms',
        note: 'election timeout 500 ms, heartbeat 50 ms',
      },
      {
        metric: 'three-member cluster start (until all three grant leases)',
        value: median(failover.map((r) => r.etcdStartMs)),
        unit: 'ms',
      },
    );
    if (!has('etcdctl')) {
      out.push({ metric: 'restore run', note: 'not measured (etcdctl not installed: apt-get install etcd-client)' });
      return out;
    }
    const restore = await measure('restore', runs, home);
    const rdur = median(restore.map((r) => r.durationMs));
    out.push(
      {
        metric: `restore run, TTL ${ttl / 1000} s (member start left out; its restart after the restore counted)`,
        value: rdur,
        unit: 'ms',
        baseline: ttl,
        ratio: ratio(rdur, ttl),
        goal: `<= TTL + 5 s (${ttl + 5000} ms)`,
        note: `max ${Math.max(...restore.map((r) => r.durationMs))} ms`,
      },
      {
        metric: 'restore: stop, etcdctl snapshot restore, restart until a lease is granted',
        value: median(restore.map((r) => r.restore.restoreMs)),
        unit: 'ms',
      },
      {
        metric: 'single member start (until it grants a lease)',
        value: median(restore.map((r) => r.etcdStartMs)),
        unit: 'ms',
      },
    );
    return out;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
