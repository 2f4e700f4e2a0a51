/**
 * The fast command path (src/cli/fast-path.ts, issue 18): each command it
 * answers prints byte for byte what the commander path prints through the
 * real loaders (FENCE_TUTOR_BUILT_CONTENT=0), with the same status; and it
 * answers only the argument shapes it knows, leaving the rest to commander.
 * In process, from src/: the snapshot is made here with the build's own
 * functions, in a package root of this file's (test/helpers/built-snapshot.ts);
 * the built bundle's fast path is checked against commander's in
 * test/cli/cli-smoke.proc.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetSnapshotRoot, snapshotRoot, snapshotRootModule } from '../helpers/built-snapshot.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

// Each test runs the CLI two to seven times; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

vi.mock('../../src/platform/package-root.js', async (original) => snapshotRootModule(await original()));
type FastPath = typeof import('../../src/cli/fast-path.js');
/** Loaded once the snapshot is there: the snapshot's readers remember what they found. */
let knownOptions: FastPath['knownOptions'];
let knownShape: FastPath['knownShape'];
let runFast: FastPath['runFast'];
const written: string[] = [];

/** The CLI in process with the snapshot used (the fast path, as the built CLI runs), unless `env` turns it off. */
const runCli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCliInProcess(args, { FENCE_TUTOR_BUILT_CONTENT: undefined, ...env });

let home: string;
const TWELVE = join(import.meta.dirname, '../fixtures/scenarios/twelve-writes.yaml');
const MISSING = join(import.meta.dirname, '../fixtures/scenarios/no-such-file.yaml');

afterAll(forgetSnapshotRoot);
beforeAll(async () => {
  await snapshotRoot();
  home = mkdtempSync(join(tmpdir(), 'fence-tutor-fast-'));
  // Some progress, so that progress --json has more than zeros to print.
  writeFileSync(
    join(home, 'progress.json'),
    JSON.stringify({
      schemaVersion: 1,
      lessons: {
        'stale-holder': {
          firstOpenedAt: '2026-01-02T10:00:00.000Z',
          lastOpenedAt: '2026-01-02T10:05:00.000Z',
          position: 0.4,
          readPercent: 40,
          endReached: false,
          timeSpentMs: 65000,
        },
      },
      lastLessonId: 'stale-holder',
      exercises: {
        'fence-the-sink': { startedAt: '2026-01-03T10:00:00.000Z', dir: '/tmp/fence-the-sink', passedAt: '2026-01-03T10:30:00.000Z' },
        'early-write': { startedAt: '2026-01-04T10:00:00.000Z', dir: '/tmp/early-write' },
      },
      challenges: { 'lose-b-update': { solvedAt: '2026-01-05T10:00:00.000Z', fewestActs: 3 } },
    }),
  );
}, 120_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

const SHAPES = [
  ['lessons', '--json'],
  ['lesson', '3', '--plain'],
  ['lesson', 'stale-holder', '--ascii'],
  ['scenarios', '--json'],
  ['scenarios'],
  ['validate'],
  ['progress', '--json'],
  ['quiz', '--export', 'json', '--seed', '1'],
  ['challenges', '--json'],
  ['challenges'],
  ['challenges', '--ascii', '--plain'],
  ['exercises'],
  ['exercises', '--json'],
  ['sim', '--scenario', 'late-write', '--json'],
  ['sim', '--scenario', 'allocator-failover', '--minting', 'volatile', '--fencing', 'off', '--json'],
  ['explore', '--scenario-file', TWELVE, '--json'],
  ['explore', '--json', '--scenario', 'late-write', '--check', 'split', '--plain'],
  ['sim', '--scenario-file', MISSING, '--json'],
  ['explore', '--scenario', 'no-such-scenario', '--json'],
  ['quiz', '--export', 'sheet', '--seed', '7', '--count', '3'],
  ['quiz', '--export', 'gift', '--seed', '2', '--quiz', 'token-contract'],
  ['quiz', '--export', 'json', '--seed', 'seven'],
  ['quiz', '--export', 'pdf', '--seed', '1'],
];

describe('fast commands print what the commander path prints', () => {
  it.each(SHAPES.map((args) => [args.join(' '), args]))('%s', async (_name, args) => {
    const fast = await runCli(args as string[], { FENCE_TUTOR_HOME: home });
    expect(fast.stderr).not.toMatch(/could not be read/);
    const slow = await runCli(args as string[], { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
    expect(fast.stdout.length + fast.stderr.length).toBeGreaterThan(0);
    expect({ stdout: fast.stdout, stderr: fast.stderr, status: fast.status }).toEqual({ stdout: slow.stdout, stderr: slow.stderr, status: slow.status });
  });
});

describe('quiz --answers and grade on the fast path print what the commander path prints', () => {
  // A report carries its start and end times: the only bytes that may differ between two runs.
  const untimed = (text: string) =>
    text
      .replace(/"(startedAt|finishedAt)": "[^"]*"/g, '"$1": "T"')
      .replace(/"durationMs": \d+/g, '"durationMs": 0')
      .replace(/ (time|timestamp)="[^"]*"/g, ' $1="T"');
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fast-answers-'));
    writeFileSync(join(dir, 'none.json'), JSON.stringify({ answers: {} }));
    writeFileSync(join(dir, 'some.yaml'), 'answers:\n  zxid-layout: 1\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [['quiz', '--mode', 'practice', '--seed', '1', '--count', '3', '--answers', 'none.json', '--format', 'json']],
    [['quiz', '--mode', 'exam', '--seed', '1', '--answers', 'none.json', '--format', 'junit', '--student', 'Ada']],
    [['quiz', '--seed', '1', '--count', '2', '--answers', 'some.yaml']],
    [['quiz', '--seed', '1', '--answers', 'missing.json']],
    [['quiz', '--mode', 'sometimes', '--seed', '1', '--answers', 'none.json']],
  ])('%j', async (args) => {
    const run = async (extra: NodeJS.ProcessEnv) => {
      const h = mkdtempSync(join(dir, 'home-'));
      const r = await runCli(
        args.map((a) => (a.includes('.json') || a.includes('.yaml') ? join(dir, a) : a)),
        { FENCE_TUTOR_HOME: h, ...extra },
      );
      return { stdout: untimed(r.stdout), stderr: r.stderr, status: r.status };
    };
    const fast = await run({});
    expect(fast.stdout.length + fast.stderr.length).toBeGreaterThan(0);
    expect(fast).toEqual(await run({ FENCE_TUTOR_BUILT_CONTENT: '0' }));
  });

  it('grade REPORT [--json]', async () => {
    const report = join(dir, 'report.json');
    const sat = await runCli(['quiz', '--seed', '1', '--count', '3', '--answers', join(dir, 'none.json'), '--report', report], { FENCE_TUTOR_HOME: home });
    expect(sat.status, sat.stderr).toBe(0);
    for (const args of [
      ['grade', report],
      ['grade', report, '--json'],
      ['grade', join(dir, 'missing.json')],
    ]) {
      const fast = await runCli(args, { FENCE_TUTOR_HOME: home });
      const slow = await runCli(args, { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
      expect({ stdout: fast.stdout, stderr: fast.stderr, status: fast.status }).toEqual({ stdout: slow.stdout, stderr: slow.stderr, status: slow.status });
    }
  });
});

describe('user content beside the snapshot', () => {
  // Not a fast command: commander checks DIR whole first, with the shipped side from the snapshot (snapshot-loaders.ts).
  it('--content DIR lessons --json prints what the real loaders print', async () => {
    const args = ['lessons', '--json'];
    const course = join(import.meta.dirname, '../fixtures/content/course');
    const fast = await runCli(['--content', course, ...args], { FENCE_TUTOR_HOME: home });
    const slow = await runCli(['--content', course, ...args], { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
    expect(fast.status).toBe(0);
    expect({ stdout: fast.stdout, stderr: fast.stderr, status: fast.status }).toEqual({ stdout: slow.stdout, stderr: slow.stderr, status: slow.status });
  });
});

describe('runFast answers the shapes it knows and no other', () => {
  // In-process, from src/: the snapshot made for this file matches the files.
  const env = { ...process.env };
  let undoRedirect = () => {};
  beforeAll(async () => {
    process.env.FENCE_TUTOR_HOME = home;
    delete process.env.FENCE_TUTOR_BUILT_CONTENT;
    vi.resetModules();
    ({ knownOptions, knownShape, runFast } = await import('../../src/cli/fast-path.js'));
    const { redirectOutput } = await import('../../src/cli/stdout.js');
    undoRedirect = redirectOutput({ stdout: (text) => written.push(text), stderr: (text) => written.push(text) });
  });
  afterAll(() => {
    undoRedirect();
    process.env = env;
  });

  it.each(
    SHAPES.filter((a) => !a.includes('seven') && !a.includes('pdf') && !a.includes(MISSING) && !a.includes('no-such-scenario')).map((args) => [
      args.join(' '),
      args,
    ]),
  )('answers %s', async (_name, args) => {
    written.length = 0;
    // sim and explore answer with a promise (their work is imported on use).
    expect(await runFast(['node', 'fence-tutor', ...(args as string[])])).toBe(0);
    expect(written.join('').length).toBeGreaterThan(0);
  });

  it.each([
    [[]],
    [['lessons']],
    [['lessons', '--json', '--help']],
    [['--content', 'x', 'lessons', '--json']],
    [['lessons', '--json', '--content', 'x']],
    [['lesson', '99', '--plain']],
    [['lesson', '3', '--width', '60']],
    [['lesson', '3', '4']],
    [['quiz', '--export', 'json']],
    [['quiz', '--export', 'json', '--seed=1']],
    [['quiz', '--export', 'json', '--seed', '1', '--seed', '2']],
    [['quiz', '--export', 'json', '--seed', '1', '--mode', 'exam']],
    [['quiz', '--export', 'json', '--seed', '-1']],
    [['quiz', '--answers', 'a.json', '--report', 'r.json']],
    [['quiz', '--answers', 'a.json', '--plain']],
    [['quiz', '--answers']],
    [['grade']],
    [['grade', 'r.json', '--csv', 'out']],
    // The build's laid-out lesson is drawn; --narrate says it in words (commander's path).
    [['lesson', '1', '--plain', '--narrate']],
    [['progress', '--json', '--reset']],
    [['validate', 'lessons']],
    [['challenges', '--json', '--ascii']],
    [['challenges', 'lose-b-update']],
    [['exercises', '--json', 'fence-the-sink']],
    [['sim', '--scenario', 'late-write']],
    [['sim', '--scenario', 'late-write', '--json', '--json']],
    [['sim', '--scenario', 'late-write', '--fencing', 'maybe', '--json']],
    [['explore', '--scenario', 'late-write', '--scenario-file', TWELVE, '--json']],
    [['explore', '--scenario', 'late-write', '--ttl', '3', '--json']],
    [['explore', '--content', 'x', '--scenario', 'late-write', '--json']],
    [['sim', '--json']],
    [['constructor']],
  ])('leaves %j to commander', async (args) => {
    written.length = 0;
    expect(runFast(['node', 'fence-tutor', ...args])).toBeUndefined();
    expect(written).toEqual([]);
  });

  it('reads flag shapes strictly', async () => {
    expect(knownShape(['--json', '--plain'], ['--json'])?.flags).toEqual(new Set(['--json', '--plain']));
    expect(knownShape(['--json', '-x'], ['--json'])).toBeUndefined();
    expect(knownShape(['a', 'b'], [], 1)).toBeUndefined();
    expect(knownOptions(['--seed', '3', '--plain'], ['--seed'])).toEqual({ '--seed': '3' });
    expect(knownOptions(['--seed'], ['--seed'])).toBeUndefined();
  });
});
