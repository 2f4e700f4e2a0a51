/**
 * `fence-tutor lab` on a terminal opens the Lab screen with the route
 * lab-route.ts builds from the parsed flags; each server flag must reach the
 * run the screen starts, as it does on the plain path (issue 35: the
 * ZooKeeper ones did not). A runner that records its options stands in for
 * real processes; it waits until the screen is left (which aborts it).
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { labRouteOf } from '../../../../src/cli/lab/lab-route.js';
import { type LabFlags, parseLabFlags } from '../../../../src/lab/lab-options.js';
import type { LabListener, LabOptions, LabResult } from '../../../../src/lab/types.js';
import { renderApp, waitForFrame } from '../../../helpers/ink.js';

afterEach(() => cleanup());

function recorder() {
  const calls: LabOptions[] = [];
  const runLab = (options: LabOptions, emit: LabListener): Promise<LabResult> => {
    calls.push(options);
    emit({ type: 'step', id: 'acquire-a', status: 'started', text: 'recorded the options', atMs: 1 });
    return new Promise((_, reject) => options.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
  };
  return { calls, runLab };
}

describe('lab flags reach the Lab screen run', () => {
  it.each([
    [
      { coordinator: 'zookeeper', zookeeperHome: '/opt/zookeeper/lib' },
      { coordinator: 'zookeeper', zookeeperHome: '/opt/zookeeper/lib' },
    ],
    [
      { coordinator: 'zookeeper', zookeeperConnect: '127.0.0.1:2181,127.0.0.1:2182' },
      { coordinator: 'zookeeper', zookeeperConnect: '127.0.0.1:2181,127.0.0.1:2182' },
    ],
    [
      { coordinator: 'redis', redisUrl: 'redis://127.0.0.1:6379' },
      { coordinator: 'redis', redisUrl: 'redis://127.0.0.1:6379' },
    ],
    [
      { coordinator: 'redis', redisBin: '/opt/redis/redis-server' },
      { coordinator: 'redis', redisBin: '/opt/redis/redis-server' },
    ],
  ] as [LabFlags, Partial<LabOptions>][])('%j', async (flags, expected) => {
    const run = recorder();
    const route = labRouteOf(parseLabFlags(flags).options, '/tmp/lab-route-out', () => undefined);
    const { lastFrame } = await renderApp(route, { services: { runLab: run.runLab } });
    await waitForFrame(lastFrame, 'recorded the options');
    expect(run.calls).toHaveLength(1);
    expect(run.calls[0]).toMatchObject({ experiment: 'late-write', outDir: '/tmp/lab-route-out', ...expected });
  });
});
