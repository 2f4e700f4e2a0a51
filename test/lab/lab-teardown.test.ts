/**
 * The lab run's teardown object: every caller (the normal end, an abort, a
 * signal) gets the same one teardown; stopped workers are continued first,
 * workers end (while their leases are revoked) before the services that
 * answer them, etcd after, and the pidfile goes only when nothing it names
 * still runs. Fakes stand in for the processes: this is the order, not the OS.
 */
import { describe, expect, it } from 'vitest';
import type { CoordinatorClient } from '../../src/lab/coordinator/client.js';
import type { ServiceChild, WorkerChild } from '../../src/lab/processes/children.js';
import type { RunPidfile } from '../../src/lab/processes/pidfile.js';
import { LabTeardown } from '../../src/lab/runner/lab-teardown.js';

function fakeChild<C extends WorkerChild | ServiceChild = WorkerChild>(role: string, log: string[]): C {
  return {
    role,
    signal: (sig: string) => log.push(`${role} ${sig}`),
    end: async () => {
      await Promise.resolve();
      log.push(`${role} ended`);
    },
  } as unknown as C;
}

function fakePidfile(log: string[], allEnded = true): RunPidfile {
  const removeIfAllEnded = () => {
    log.push(`pidfile ${allEnded ? 'removed' : 'kept'}`);
    return allEnded;
  };
  return { removeIfAllEnded } as unknown as RunPidfile;
}

describe('lab teardown', () => {
  it('ends everything once, in order, however many callers', async () => {
    const log: string[] = [];
    const td = new LabTeardown(fakePidfile(log), '/fence-tutor/lab/x/');
    td.workers.push(fakeChild('A', log), fakeChild('B', log));
    td.services.push(fakeChild<ServiceChild>('sink', log));
    td.serverStop = async () => void log.push('etcd stopped');
    td.coordinator = {
      revoke: async (l: string) => void log.push(`revoke ${l}`),
      deletePrefix: async (p: string) => void log.push(`delete ${p}`),
    } as unknown as CoordinatorClient;
    td.leases = () => ['7'];
    expect(td.stopping).toBe(false);
    const [first, second] = [td.end(), td.end()];
    expect(td.stopping).toBe(true);
    expect(first).toBe(second);
    await Promise.all([first, second, td.end()]);
    expect(log.filter((l) => l.endsWith('ended'))).toEqual(['A ended', 'B ended', 'sink ended']);
    expect(log[0]).toBe('A SIGCONT');
    expect(log).toContain('revoke 7');
    expect(log).toContain('delete /fence-tutor/lab/x/');
    expect(log.indexOf('sink ended')).toBeGreaterThan(log.indexOf('B ended'));
    expect(log.indexOf('etcd stopped')).toBeGreaterThan(log.indexOf('sink ended'));
    expect(log.at(-1)).toBe('pidfile removed');
    expect(log.filter((l) => l === 'A ended')).toHaveLength(1);
  });

  it('stops a still-starting etcd, and keeps the pidfile while a child outlives its end', async () => {
    const log: string[] = [];
    const td = new LabTeardown(fakePidfile(log, false), '/p/');
    td.serverStop = async () => void log.push('starting etcd stopped');
    await td.end();
    expect(log).toEqual(['starting etcd stopped', 'pidfile kept']);
  });
});
