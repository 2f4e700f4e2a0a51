/**
 * The fast command path (src/cli/fast-path.ts, issue 18): each command it
 * answers prints byte for byte what the commander path prints through the
 * real loaders (FENCE_TUTOR_BUILT_CONTENT=0), with the same status; and it
 * answers only the argument shapes it knows, leaving the rest to commander.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuilt, runCli } from './cli-run.js';

// Each test spawns the CLI two to seven times; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

const written: string[] = [];
vi.mock('../../src/cli/stdout.js', () => ({ writeStdout: (text: string) => written.push(text) }));
const { knownOptions, knownShape, runFast } = await import('../../src/cli/fast-path.js');

let home: string;
const TWELVE = join(import.meta.dirname, '../fixtures/scenarios/twelve-writes.yaml');
const MISSING = join(import.meta.dirname, '../fixtures/scenarios/no-such-file.yaml');

beforeAll(() => {
  ensureBuilt();
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
  ['exercises'],
  ['exercises', '--json'],
  ['sim', '--scenario', 'late-write', '--json'],
  ['sim', '--scenario', 'allocator-failover', '--minting', 'volatile', '--fencing', 'off', '--json'],
  ['explore', '--scenario-file', TWELVE, '--json'],
  ['explore', '--json', '--scenario', 'late-write', '--check', 'split', '--plain'],
  ['sim', '--scenario-file', MISSING, '--json'],
  ['quiz', '--export', 'sheet', '--seed', '7', '--count', '3'],
  ['quiz', '--export', 'gift', '--seed', '2', '--quiz', 'token-contract'],
  ['quiz', '--export', 'json', '--seed', 'seven'],
  ['quiz', '--export', 'pdf', '--seed', '1'],
];

describe('fast commands print what the commander path prints', () => {
  it.each(SHAPES.map((args) => [args.join(' '), args]))('%s', (_name, args) => {
    const fast = runCli(args as string[], { FENCE_TUTOR_HOME: home });
    expect(fast.stderr).not.toMatch(/could not be read/);
    const slow = runCli(args as string[], { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
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
  beforeAll(() => {
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
  ])('%j', (args) => {
    const run = (extra: NodeJS.ProcessEnv) => {
      const h = mkdtempSync(join(dir, 'home-'));
      const r = runCli(
        args.map((a) => (a.includes('.json') || a.includes('.yaml') ? join(dir, a) : a)),
        { FENCE_TUTOR_HOME: h, ...extra },
      );
      return { stdout: untimed(r.stdout), stderr: r.stderr, status: r.status };
    };
    const fast = run({});
    expect(fast.stdout.length + fast.stderr.length).toBeGreaterThan(0);
    expect(fast).toEqual(run({ FENCE_TUTOR_BUILT_CONTENT: '0' }));
  });

  it('grade REPORT [--json]', () => {
    const report = join(dir, 'report.json');
    const sat = runCli(['quiz', '--seed', '1', '--count', '3', '--answers', join(dir, 'none.json'), '--report', report], { FENCE_TUTOR_HOME: home });
    expect(sat.status, sat.stderr).toBe(0);
    for (const args of [
      ['grade', report],
      ['grade', report, '--json'],
      ['grade', join(dir, 'missing.json')],
    ]) {
      const fast = runCli(args, { FENCE_TUTOR_HOME: home });
      const slow = runCli(args, { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
      expect({ stdout: fast.stdout, stderr: fast.stderr, status: fast.status }).toEqual({ stdout: slow.stdout, stderr: slow.stderr, status: slow.status });
    }
  });
});

describe('user content beside the snapshot', () => {
  // Not a fast command: commander checks DIR whole first, with the shipped side from the snapshot (snapshot-loaders.ts).
  it('--content DIR lessons --json prints what the real loaders print', () => {
    const args = ['lessons', '--json'];
    const course = join(import.meta.dirname, '../fixtures/content/course');
    const fast = runCli(['--content', course, ...args], { FENCE_TUTOR_HOME: home });
    const slow = runCli(['--content', course, ...args], { FENCE_TUTOR_HOME: home, FENCE_TUTOR_BUILT_CONTENT: '0' });
    expect(fast.status).toBe(0);
    expect({ stdout: fast.stdout, stderr: fast.stderr, status: fast.status }).toEqual({ stdout: slow.stdout, stderr: slow.stderr, status: slow.status });
  });
});

describe('runFast answers the shapes it knows and no other', () => {
  // In-process, from src/: the snapshot in dist/content matches the files (ensureBuilt).
  const env = { ...process.env };
  beforeAll(() => {
    process.env.FENCE_TUTOR_HOME = home;
    delete process.env.FENCE_TUTOR_BUILT_CONTENT;
  });
  afterAll(() => {
    process.env = env;
  });

  it.each(SHAPES.filter((a) => !a.includes('seven') && !a.includes('pdf') && !a.includes(MISSING)).map((args) => [args.join(' '), args]))(
    'answers %s',
    async (_name, args) => {
      written.length = 0;
      // sim and explore answer with a promise (their work is imported on use).
      expect(await runFast(['node', 'fence-tutor', ...(args as string[])])).toBe(0);
      expect(written.join('').length).toBeGreaterThan(0);
    },
  );

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
    [['challenges']],
    [['challenges', '--json', '--ascii']],
    [['exercises', '--json', 'fence-the-sink']],
    [['sim', '--scenario', 'late-write']],
    [['sim', '--scenario', 'late-write', '--json', '--json']],
    [['sim', '--scenario', 'late-write', '--fencing', 'maybe', '--json']],
    [['explore', '--scenario', 'late-write', '--scenario-file', TWELVE, '--json']],
    [['explore', '--scenario', 'no-such-scenario', '--json']],
    [['explore', '--scenario', 'late-write', '--ttl', '3', '--json']],
    [['explore', '--content', 'x', '--scenario', 'late-write', '--json']],
    [['sim', '--json']],
    [['constructor']],
  ])('leaves %j to commander', (args) => {
    written.length = 0;
    expect(runFast(['node', 'fence-tutor', ...args])).toBeUndefined();
    expect(written).toEqual([]);
  });

  it('reads flag shapes strictly', () => {
    expect(knownShape(['--json', '--plain'], ['--json'])?.flags).toEqual(new Set(['--json', '--plain']));
    expect(knownShape(['--json', '-x'], ['--json'])).toBeUndefined();
    expect(knownShape(['a', 'b'], [], 1)).toBeUndefined();
    expect(knownOptions(['--seed', '3', '--plain'], ['--seed'])).toEqual({ '--seed': '3' });
    expect(knownOptions(['--seed'], ['--seed'])).toBeUndefined();
  });
});
