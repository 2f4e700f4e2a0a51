/**
 * Free loopback ports, chosen by us: etcd's gateway breaks with port 0 and
 * Redis's `port 0` disables TCP. Another process may take one before the
 * server binds it; the launchers retry on new ports when that happens.
 * One port comes from src/platform/free-port.ts (shared with the exercises).
 */
import { freeLoopbackPort } from '../../platform/free-port.js';

/** `n` distinct free ports. */
export async function freePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freeLoopbackPort());
  return [...ports];
}
