/**
 * The coordinators that run on a real server the lab can start: how to find
 * its executable, what to say when it is missing (one line naming the Debian
 * package), its launch spec for the lab's one launcher (src/lab/servers/),
 * the endpoints its ports make, and the server a user runs instead
 * (`--etcd-endpoints`, `--redis-url`), which the lab never stops. Each is
 * loaded only when its kind is used.
 */
import type { ServerSpec } from '../servers/launch-server.js';
import type { CoordinatorKind, LabOptions } from '../types.js';

export interface CoordinatorServer {
  /** Endpoints of a server the user runs: used, never stopped or killed. */
  given(options: LabOptions): string[] | undefined;
  /** The server's executable, or undefined when it is not installed. */
  find(options: LabOptions): string | undefined;
  /** One line: the executable was not found, and the package to install (or the flag to fix). */
  missing(options: LabOptions): string;
  spec(bin: string, options: LabOptions): ServerSpec;
  endpoints(ports: number[]): string[];
}

const SERVERS: Partial<Record<CoordinatorKind, () => Promise<CoordinatorServer>>> = {
  etcd: async () => (await import('./etcd-launcher.js')).ETCD_SERVER,
  redis: async () => (await import('./redis/redis-server.js')).REDIS_SERVER,
};

export async function coordinatorServer(kind: CoordinatorKind): Promise<CoordinatorServer | undefined> {
  return SERVERS[kind]?.();
}
