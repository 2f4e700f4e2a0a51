/**
 * The example class (scripts/example-class.mjs): 30 seeded reports built to
 * show one question too easy, one too hard, one with a dead distractor and
 * one with negative discrimination. `grade --stats` flags exactly those,
 * and --json, --csv and --html carry the same figures.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ExampleRoles, writeExampleClass } from '../../scripts/example-class.mjs';
import { ensureBuilt, runCli } from '../cli/cli-run.js';

beforeAll(ensureBuilt, 120_000);
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-example-class-'));
let files: string[] = [];
let roles: ExampleRoles;

beforeAll(() => {
  const exported = runCli(['quiz', '--quiz', 'all', '--export', 'json', '--seed', '37']);
  expect(exported.status, exported.stderr).toBe(0);
  ({ files, roles } = writeExampleClass(dir, JSON.parse(exported.stdout)));
}, 120_000);

interface JsonItem {
  id: string;
  facility: number;
  discrimination: number | null;
  flags: string[];
  options: { text: string; count: number }[] | null;
}

describe('grade --stats on the example class', () => {
  it('flags exactly the four questions the class was built to show, and nothing else', () => {
    const r = runCli(['grade', ...files, '--stats', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const group = JSON.parse(r.stdout).groups[0];
    expect(group.students).toHaveLength(30);
    expect(group.students.every((s: { verified: boolean; flags: string[] }) => s.verified && s.flags.length === 0)).toBe(true);
    const items: JsonItem[] = group.stats.items;
    expect(items).toHaveLength(10);
    const flagsOf = (id: string) => items.find((i) => i.id === id)!.flags;
    // One wrong answer in 30 says little about who knows more: weak discrimination may come with it (and only that).
    const [easy, ...alsoEasy] = flagsOf(roles.tooEasy);
    expect(easy).toBe('too easy: facility 96.67% is above 95%');
    expect(
      alsoEasy.every((f) => /^weak discrimination 0\.\d\d: below 0\.2$/.test(f)),
      alsoEasy.join('; '),
    ).toBe(true);
    expect(flagsOf(roles.tooHard)).toEqual(['too hard: facility 13.33% is below 20%']);
    expect(flagsOf(roles.negative)).toEqual([expect.stringMatching(/^negative discrimination -0\.\d\d: /)]);
    expect(flagsOf(roles.dead)).toEqual([expect.stringMatching(/^nobody chose option \d: ".+"$/)]);
    const others = items.filter((i) => !Object.values(roles).includes(i.id));
    expect(others.map((i) => [i.id, i.flags])).toEqual(others.map((i) => [i.id, []]));
    expect(group.stats.items.every((i: { reliable: boolean }) => i.reliable)).toBe(true);
  });

  it('text lists the questions to look at', () => {
    const r = runCli(['grade', ...files, '--stats']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Item analysis \(first attempts: 30 students\)/);
    const look = r.stdout.slice(r.stdout.indexOf('Questions to look at'));
    for (const id of Object.values(roles)) expect(look).toContain(id);
  });

  it('--csv adds items.csv beside the three files', () => {
    const out = join(dir, 'csv');
    const r = runCli(['grade', ...files, '--stats', '--csv', out]);
    expect(r.status, r.stderr).toBe(0);
    for (const f of ['students.csv', 'questions.csv', 'topics.csv', 'items.csv']) expect(existsSync(join(out, f))).toBe(true);
    const rows = readFileSync(join(out, 'items.csv'), 'utf8').trim().split('\r\n');
    expect(rows[0]).toBe('group,question,type,students,right,facility,discrimination,reliable,options,unanswered,flags');
    expect(rows).toHaveLength(11);
  });

  it('without --stats, --json is what it was (no items)', () => {
    const r = runCli(['grade', ...files, '--json']);
    expect(JSON.parse(r.stdout).groups[0].stats).toBeUndefined();
  });

  it('--html under a path that is a file: one clear error, exit 2', () => {
    const r = runCli(['grade', ...files, '--html', join(files[0]!, 'class.html')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(join(files[0]!, 'class.html'));
    expect(r.stderr).toMatch(/--html/);
  });

  it('--html writes one self-contained page under 200 kB', () => {
    const page = join(dir, 'class.html');
    const r = runCli(['grade', ...files, '--html', page]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const html = readFileSync(page, 'utf8');
    expect(statSync(page).size).toBeLessThan(200_000);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    expect(html).not.toMatch(/<script|<link|<iframe|src="http|href="http|url\(/i);
    for (const id of Object.values(roles)) expect(html).toContain(`<section class="flagged-question" data-question="${id}">`);
  });
});
