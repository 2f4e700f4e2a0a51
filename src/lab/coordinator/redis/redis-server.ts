/**
 * A throwaway Redis for one run, through the lab's one launcher: bound to
 * 127.0.0.1 on a port we pick (`port 0` would disable TCP), its files in the
 * run's temp dir, in the foreground (`--daemonize no`) so it stays in its
 * process group. No persistence (`--save ''`, no AOF) unless the run asks for
 * it: `durable` turns on the append-only file with an fsync per write.
 * Ready means it answers PING.
 */
import { createConnection } from 'node:net';
import { findRedis, REDIS_INSTALL_HINT } from '../find-coordinators.js';
import type { ServerSpec } from '../../servers/launch-server.js';
import type { CoordinatorServer } from '../servers.js';

export type RedisPersistence = 'volatile' | 'durable';

export function redisArgv(bin: string, port: number, dir: string, persistence: RedisPersistence): string[] {
  const durable = persistence === 'durable' ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  return [bin, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', ...durable, '--daemonize', 'no', '--logfile', ''];
}

export function redisSpec(bin: string, persistence: RedisPersistence = 'volatile'): ServerSpec {
  return {
    role: 'redis',
    tempPrefix: `fence-tutor-redis-${persistence}`,
    portCount: 1,
    argv: ([port], dir) => redisArgv(bin, port!, dir, persistence),
    ready: ([port]) => redisPing(port!),
  };
}

/** One PING on a fresh connection: true on +PONG. */
function redisPing(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString('utf8').startsWith('+PONG')));
  });
}

export const REDIS_SERVER: CoordinatorServer = {
  given: (options) => (options.redisUrl ? [options.redisUrl] : undefined),
  find: (options) => findRedis(options.redisBin),
  missing: (options) => (options.redisBin ? `${options.redisBin} is not an executable redis-server. ${REDIS_INSTALL_HINT}` : REDIS_INSTALL_HINT),
  spec: (bin) => redisSpec(bin),
  endpoints: ([port]) => [`redis://127.0.0.1:${port}`],
};
