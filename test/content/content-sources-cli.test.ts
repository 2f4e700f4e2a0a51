import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';

const FIX = new URL('../fixtures/content/', import.meta.url).pathname;
const course = join(FIX, 'course');

describe('--content DIR on the command line', { timeout: 60_000 }, () => {
  it('lessons and scenarios list the local items beside the shipped ones, marked local', async () => {
    const lessons = await runCli(['--content', course, 'lessons', '--json']);
    expect(lessons.status).toBe(0);
    const list = JSON.parse(lessons.stdout).lessons;
    expect(list).toHaveLength(14);
    expect(list.at(-1)).toMatchObject({ id: 'our-deploy-lock', number: 14, local: true, scenarios: ['deploy-marker'] });
    expect(list[0].local).toBeUndefined();
    const text = await runCli(['lessons', '--content', course]);
    expect(text.stdout).toMatch(/14\. Our deploy lock · our-deploy-lock \(local\)/);
    const scenarios = await runCli(['scenarios', '--json', '--content', course]);
    expect(JSON.parse(scenarios.stdout).scenarios).toContainEqual(expect.objectContaining({ id: 'deploy-marker', local: true }));
    expect((await runCli(['scenarios', '--content', course])).stdout).toMatch(/deploy-marker +The release job that paused \(local\)/);
  });

  it('a local lesson reads in plain text with its local scenario drawn', async () => {
    const r = await runCli(['--content', course, 'lesson', 'our-deploy-lock', '--plain', '--width', '80']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Lesson 14. Our deploy lock');
    expect(r.stdout).toContain('Try it: deploy-marker');
  });

  it('a clashing id or invalid content is refused with file and line, exit 2, for any command', { timeout: 60_000 }, async () => {
    // One command per case, a different one each time: the check runs before any command's action.
    for (const [dir, args, pattern] of [
      [
        'clash-scenario',
        ['scenarios', '--json'],
        /clash-scenario\/scenarios\/late-write\.yaml:1: the scenario id "late-write" is already used by a shipped scenario\. Fix: /,
      ],
      ['clash-lesson', ['lessons'], /01-mine\.md:2: the lesson id "stale-holder" is already used by a shipped lesson/],
      ['clash-question', ['progress', '--json'], /mine\.yaml:4: the question id "permission-decays-belief-does-not" is already used/],
      ['broken', ['sim', '--scenario', 'late-write', '--json'], /bad\.yaml:3: `do` must be one of/],
    ] as const) {
      const r = await runCli(['--content', join(FIX, dir), ...args]);
      expect(r.status, `${dir} ${args.join(' ')}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(pattern);
    }
    const missing = await runCli(['--content', join(FIX, 'nowhere'), 'lessons']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/the --content directory does not exist/);
  });

  it('validate DIR checks a content directory: OK for a good one, clashes refused with exit 2', async () => {
    const ok = await runCli(['validate', course]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/OK: 1 lesson, .*1 question, 1 scenario/);
    const clash = await runCli(['validate', join(FIX, 'clash-scenario')]);
    expect(clash.status).toBe(2);
    expect(clash.stderr).toMatch(/late-write\.yaml:1: the scenario id "late-write" is already used by a shipped scenario/);
    const shipped = await runCli(['validate']);
    expect(shipped.status).toBe(0);
  });
});
