/**
 * The Lab screen's route for `fence-tutor lab` on a terminal: the parsed
 * options the screen passes on to the run. One place, so a server flag the
 * plain path honours cannot be left off the screen's (issue 35:
 * --zookeeper-home and --zookeeper-connect were, and the screen then ran
 * without them); test/ui/screens/lab/lab-route-flags.test.tsx checks each reaches the run.
 */
import type { LabOptions, LabResult } from '../../lab/types.js';
import type { RouteOf } from '../../store/router-store.js';

export function labRouteOf(options: Omit<LabOptions, 'outDir'>, outDir: string, onResult: (result: LabResult) => void): RouteOf<'lab'> {
  return {
    screen: 'lab',
    experiment: options.experiment,
    coordinator: options.coordinator,
    ttlMs: options.ttlMs,
    etcdEndpoints: options.etcdEndpoints,
    etcdBin: options.etcdBin,
    token: options.token,
    redisBin: options.redisBin,
    redisUrl: options.redisUrl,
    zookeeperHome: options.zookeeperHome,
    zookeeperConnect: options.zookeeperConnect,
    sink: options.sink,
    postgresUrl: options.postgresUrl,
    postgresBin: options.postgresBin,
    grid: options.grid,
    outDir,
    autostart: true,
    onResult,
  };
}
