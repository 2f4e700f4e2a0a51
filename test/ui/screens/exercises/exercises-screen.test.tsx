/**
 * The Exercises screen with its child processes replaced by canned answers
 * (the real ones are in test/e2e/exercises-screen.test.ts): the list with
 * statuses and "needs etcd", start shows the path to edit, check draws the
 * report as the CLI does, a missing tool shows the install hint instead of
 * running, and every command goes to a child process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_ENTRIES } from '../../../../src/ui/screens/home-screen.js';
import { cleanup } from 'ink-testing-library';
import type { ExerciseReport } from '../../../../src/exercises/types.js';
import type { CliChild, CliOutcome } from '../../../../src/ui/screens/exercises/cli-child.js';
import { press, renderApp, waitForFrame } from '../../../helpers/ink.js';

afterEach(() => cleanup());

const LIST = {
  exercises: [
    { id: 'fence-the-sink', title: 'Fence the sink', status: 'started', needs: ['posix'], dir: '/tmp/x/fence-the-sink' },
    { id: 'redo-on-reject', title: 'Redo on reject', status: 'new', needs: ['posix'] },
    { id: 'etcd-lock', title: 'Take a lock from etcd', status: 'new', needs: ['etcd'] },
    { id: 'zookeeper-lock', title: 'Take a lock from ZooKeeper', status: 'new', needs: ['zookeeper'] },
    { id: 'postgres-sink', title: 'Fence the sink on PostgreSQL', status: 'new', needs: ['postgres'] },
  ],
};

const REPORT: Partial<ExerciseReport> = {
  exercise: 'fence-the-sink',
  passed: false,
  checks: [
    { id: 'stale-rejected', title: "A's late write is refused", status: 'passed', summary: 'refused', runs: 1, wrong: 0, durationMs: 1 },
    {
      id: 'equal-accepted',
      title: 'an equal token is accepted',
      status: 'failed',
      summary: 'ended with mark 0',
      runs: 1,
      wrong: 1,
      hint: 'Which comparison?',
      durationMs: 1,
    },
  ],
};

function fakeCli(answers: Record<string, CliOutcome>) {
  const calls: string[][] = [];
  const runCli = (args: string[]): CliChild => {
    calls.push(args);
    const key = args.slice(0, 2).join(' ');
    const answer = answers[key] ?? answers[args[0]!] ?? { code: 2, stdout: '', stderr: `no canned answer for ${key}` };
    return { done: Promise.resolve(answer), stop: () => undefined };
  };
  return { calls, runCli };
}

const ok = (stdout: string): CliOutcome => ({ code: 0, stdout, stderr: '' });

describe('Exercises screen', () => {
  it('lists each exercise with its status, and "needs etcd" where etcd is missing', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify(LIST)) });
    const { lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: ['etcd'] } });
    const frame = await waitForFrame(lastFrame, 'etcd-lock');
    expect(frame).toMatch(/fence-the-sink\s+Fence the sink\s+started/);
    expect(frame).toMatch(/redo-on-reject\s+Redo on reject\s+new/);
    expect(frame).toMatch(/etcd-lock\s+Take a lock from etcd\s+needs etcd/);
    expect(cli.calls).toEqual([['exercises', '--json']]);
  });

  it('with --ascii the list and its key line are ASCII only', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify(LIST)) });
    const { lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: [] }, display: { ascii: true } });
    const frame = await waitForFrame(lastFrame, 'etcd-lock');
    expect(frame).toContain('s start fence-the-sink (writes the file to edit) . c check it . w watch it');
    expect(frame).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('c checks in a child process and draws the report as the CLI does; the list is read again', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify(LIST)), 'exercise check': { code: 1, stdout: JSON.stringify(REPORT), stderr: '' } });
    const { stdin, lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: [] } });
    await waitForFrame(lastFrame, 'fence-the-sink');
    await press(stdin, 'c');
    const frame = await waitForFrame(lastFrame, '1 of 2 checks passed.');
    expect(frame).toContain('✓ stale-rejected');
    expect(frame).toContain('✗ equal-accepted: an equal token is accepted');
    expect(frame).toContain('ended with mark 0');
    expect(frame).toContain('Hint: Which comparison?');
    expect(cli.calls).toContainEqual(['exercise', 'check', 'fence-the-sink', '--json', '--dir', '/tmp/x/fence-the-sink']);
    expect(cli.calls.filter((c) => c[0] === 'exercises')).toHaveLength(2);
  });

  it('s starts the exercise and shows the path to edit; c on a new exercise says to start it first', async () => {
    const started = 'Redo on reject: the task is at the top of the file.\n\n  Edit:  /tmp/y/redo-on-reject/worker.mjs\n';
    const cli = fakeCli({ exercises: ok(JSON.stringify(LIST)), 'exercise start': ok(started) });
    const { stdin, lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: [] } });
    await waitForFrame(lastFrame, 'fence-the-sink');
    await press(stdin, 'down', 'c');
    expect(await waitForFrame(lastFrame, 'Start redo-on-reject first (s).')).toBeTruthy();
    await press(stdin, 's');
    expect(await waitForFrame(lastFrame, 'Edit:  /tmp/y/redo-on-reject/worker.mjs')).toBeTruthy();
    expect(cli.calls).toContainEqual(['exercise', 'start', 'redo-on-reject']);
  });

  it('an exercise that needs a missing etcd shows the install hint instead of running', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify({ exercises: [{ ...LIST.exercises[2], status: 'started', dir: '/tmp/z' }] })) });
    const { stdin, lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: ['etcd'] } });
    await waitForFrame(lastFrame, 'needs etcd');
    await press(stdin, 'c');
    const frame = await waitForFrame(lastFrame, 'etcd-lock needs etcd:');
    expect(frame).toMatch(/apt-get\s+install\s+etcd-server/);
    expect(cli.calls.some((c) => c[1] === 'check')).toBe(false);
  });

  it('an exercise that needs a missing ZooKeeper names it and its package, not etcd', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify({ exercises: [{ ...LIST.exercises[3], status: 'started', dir: '/tmp/zk' }] })) });
    const { stdin, lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: ['zookeeper'] } });
    await waitForFrame(lastFrame, 'needs zookeeper');
    await press(stdin, 'c');
    const frame = await waitForFrame(lastFrame, 'zookeeper-lock needs zookeeper:');
    expect(frame).toMatch(/apt-get\s+install\s+zookeeper/);
    expect(cli.calls.some((c) => c[1] === 'check')).toBe(false);
  });

  it('an exercise that needs a missing PostgreSQL names it and its package, and runs no check', async () => {
    const cli = fakeCli({ exercises: ok(JSON.stringify({ exercises: [{ ...LIST.exercises[4], status: 'started', dir: '/tmp/pg' }] })) });
    const { stdin, lastFrame } = await renderApp({ screen: 'exercises' }, { services: { runCli: cli.runCli, missingTools: ['postgres'] } });
    await waitForFrame(lastFrame, 'needs postgres');
    await press(stdin, 'c');
    const frame = await waitForFrame(lastFrame, 'postgres-sink needs postgres:');
    expect(frame).toMatch(/apt-get\s+install\s+postgresql/);
    expect(cli.calls.some((c) => c[1] === 'check')).toBe(false);
  });

  it('Home has one Exercises entry that opens the screen', async () => {
    const { stdin, lastFrame, router } = await renderApp({ screen: 'home' });
    // Its digit is its place in the list (entries are added over time).
    const digit = String(HOME_ENTRIES.findIndex((e) => e.label === 'Exercises') + 1);
    expect(await waitForFrame(lastFrame, new RegExp(`${digit} Exercises\\s+write the code; the tutor checks it for real`))).toBeTruthy();
    await press(stdin, digit);
    expect(router.getState().stack.at(-1)).toEqual({ screen: 'exercises' });
  });
});
