/**
 * The Lab screen and the experiments that start their own etcd: without
 * etcd (or etcdctl) on PATH they say "needs etcd" / "needs etcdctl" with the
 * install hint; with them, they run on etcd whatever the coordinator toggle.
 * PATH is pointed at a directory of our making for each case.
 */
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LabOptions, LabResult } from '../../../../src/lab/types.js';
import { press, renderApp, waitForFrame } from '../../../helpers/ink.js';

const savedPath = process.env.PATH;
afterEach(() => {
  cleanup();
  process.env.PATH = savedPath;
});

/** A PATH directory holding executable stand-ins for the named tools (never run: only looked up). */
function pathWith(tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fence-lab-tools-'));
  for (const tool of tools) {
    writeFileSync(join(dir, tool), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  }
  return dir;
}

describe('Lab screen: experiments that need etcd tools', () => {
  beforeEach(() => {
    process.env.PATH = savedPath;
  });

  it('no etcd at all: failover and restore say what they need, with the install hint when selected', async () => {
    process.env.PATH = pathWith([]);
    const { stdin, lastFrame } = await renderApp({ screen: 'lab' }, { services: { runLab: async () => ({}) as LabResult } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).toMatch(/failover[\s\S]*\(needs etcd\)/);
    expect(frame).toMatch(/restore[\s\S]*\(needs etcd and etcdctl\)/);
    expect(frame).not.toMatch(/late-write[^\n]*needs/);
    await press(stdin, 'down', 'down', 'down', 'down');
    expect(await waitForFrame(lastFrame, 'needs etcd: etcd was not found')).toMatch(/apt-get install\s+etcd-server/);
  });

  it('etcd without etcdctl: only restore needs something, and it names etcd-client', async () => {
    process.env.PATH = pathWith(['etcd']);
    const { stdin, lastFrame } = await renderApp({ screen: 'lab' }, { services: { runLab: async () => ({}) as LabResult } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).not.toMatch(/failover[^\n]*needs/);
    expect(frame).toMatch(/restore[\s\S]*\(needs etcdctl\)/);
    // Three up from the first: the PostgreSQL grid is last, coordinator-restart before it, restore before that.
    await press(stdin, 'up', 'up', 'up');
    expect(await waitForFrame(lastFrame, 'needs etcdctl:')).toMatch(/apt-get install\s+etcd-client/);
  });

  it('with both tools, restore runs on etcd even when the toggle says embedded', async () => {
    const dir = pathWith(['etcdctl']);
    symlinkSync('/bin/true', join(dir, 'etcd'));
    process.env.PATH = dir;
    const calls: LabOptions[] = [];
    const runLab = async (options: LabOptions) => {
      calls.push(options);
      throw new Error('stop here');
    };
    const { stdin, lastFrame } = await renderApp({ screen: 'lab' }, { services: { runLab } });
    const frame = await waitForFrame(lastFrame, 'the real thing, on this machine');
    expect(frame).not.toMatch(/needs (etcd|etcdctl)/);
    await press(stdin, 'up', 'up', 'up');
    expect(lastFrame()).toMatch(/c coordinator its own etcd/);
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'the run failed');
    expect(calls[0]).toMatchObject({ experiment: 'restore', coordinator: 'etcd' });
  });
});
