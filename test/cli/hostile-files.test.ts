/**
 * Files that are not files: a FIFO, /dev/zero, a loop of symbolic links, a
 * dangling link, a deep Markdown blockquote. Each command refuses with one
 * line naming the path (exit 2), reads no more than the cap, never blocks
 * and never prints a stack.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-hostile-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fifo = join(dir, 'pipe.yaml');
execFileSync('mkfifo', [fifo]);
symlinkSync(join(dir, 'loop-b.yaml'), join(dir, 'loop-a.yaml'));
symlinkSync(join(dir, 'loop-a.yaml'), join(dir, 'loop-b.yaml'));
symlinkSync(join(dir, 'nowhere.yaml'), join(dir, 'dangling.yaml'));

function expectRefused(r: Awaited<ReturnType<typeof runCli>>, path: string, reason: RegExp) {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr).toContain(path);
  expect(r.stderr).toMatch(reason);
  expect(r.stderr).not.toMatch(/unexpected error|\n\s+at /);
}

describe('files that are not regular files', () => {
  it('a FIFO as a scenario (sim) and as an answers file: refused at once, not read', async () => {
    expectRefused(await runCli(['sim', '--scenario-file', fifo, '--plain']), fifo, /a named pipe \(FIFO\), not a regular file/);
    expectRefused(await runCli(['quiz', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '1', '--answers', fifo]), fifo, /not a regular file/);
  });

  it('/dev/zero as a scenario, an answers file and a report: refused without reading it', async () => {
    expectRefused(await runCli(['sim', '--scenario-file', '/dev/zero', '--plain']), '/dev/zero', /a character device, not a regular file/);
    expectRefused(await runCli(['quiz', '--quiz', 'token-contract', '--seed', '1', '--answers', '/dev/zero']), '/dev/zero', /not a regular file/);
    expectRefused(await runCli(['grade', '/dev/zero']), '/dev/zero', /not a regular file/);
  });

  it('a loop of symbolic links and a dangling link', async () => {
    expectRefused(await runCli(['validate', join(dir, 'loop-a.yaml')]), 'loop-a.yaml', /a loop of symbolic links/);
    expectRefused(
      await runCli(['sim', '--scenario-file', join(dir, 'dangling.yaml'), '--plain']),
      'dangling.yaml',
      /a symbolic link to a file that does not exist/,
    );
    // Inside a folder that validate walks: named, the rest still checked.
    const folder = join(dir, 'walked');
    mkdirSync(folder);
    symlinkSync(join(folder, 'x.yaml'), join(folder, 'x.yaml'));
    expectRefused(await runCli(['validate', folder]), 'x.yaml', /cannot read it: a loop of symbolic links/);
  });

  it('a lesson with 5,000 nested blockquotes: a message with the limit, not a RangeError', async () => {
    const lessons = join(dir, 'content', 'lessons');
    mkdirSync(lessons, { recursive: true });
    writeFileSync(join(lessons, 'manifest.yaml'), 'lessons:\n  - { id: deep, file: 01-deep.md }\n');
    writeFileSync(join(lessons, '01-deep.md'), `---\nid: deep\ntitle: Deep\ngoals: [g]\nprerequisites: []\nminutes: 1\n---\n\n${'> '.repeat(5000)}deep\n`);
    expectRefused(await runCli(['--content', join(dir, 'content'), 'lesson', '1', '--plain']), '01-deep.md:9', /nest deeper than the limit of 16 levels/);
  });
});
