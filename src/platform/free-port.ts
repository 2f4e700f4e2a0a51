import { createServer } from 'node:net';

/**
 * A loopback port nobody listens on right now, for a server that must be
 * told its port before it starts (etcd's members, a learner's --sink-cmd).
 * The one definition: the lab and the exercises both use it (exercises may
 * not import the lab).
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
