import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { emptyProgress, saveProgress } from '../../src/progress/progress-file.js';
import { markOpened, markViewed, recordSelfCheck, settleCompletion } from '../../src/progress/progress-model.js';
import { resetProgress } from '../../src/progress/reset.js';
import { LockBusyError, withFileLock } from '../../src/platform/file-lock.js';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
import { root } from './cli-run.js';

const T = new Date('2026-11-29T09:00:00Z');

function homeWithProgress(): string {
  const home = mkdtempSync(join(tmpdir(), 'fence-cli-progress-'));
  let p = markOpened(emptyProgress(), 'who-checks', T);
  p = markViewed(p, 'who-checks', { position: 1, seen: 1 }, T);
  for (const q of ['a', 'b']) p = recordSelfCheck(p, 'who-checks', q, q === 'a', T);
  p = settleCompletion(p, 'who-checks', ['a', 'b'], T);
  p = markOpened(p, 'lease-budgets', T);
  p = markViewed(p, 'lease-budgets', { position: 0.3, seen: 0.4 }, T);
  p.lessons['lease-budgets']!.timeSpentMs = 125_000;
  saveProgress(p, home);
  mkdirSync(join(home, 'reports'));
  writeFileSync(
    join(home, 'reports', 'r1.json'),
    JSON.stringify({ quiz: 'all', mode: 'exam', score: 80, passed: true, finishedAt: '2026-11-28T10:00:00Z', questions: [{}, {}, {}, {}, {}] }),
  );
  writeFileSync(
    join(home, 'review.json'),
    JSON.stringify({
      schemaVersion: 1,
      questions: { 'token-minted-by-grantor': { box: 1, lastAnsweredAt: '2026-11-01T00:00:00Z', dueAt: '2026-11-02T00:00:00Z' } },
    }),
  );
  return home;
}

describe('fence-tutor progress', () => {
  it('--json prints lessons done, time spent, quiz history and review due', async () => {
    const home = homeWithProgress();
    const r = await runCli(['progress', '--json'], { FENCE_TUTOR_HOME: home });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ schemaVersion: 1, lessonsDone: 1, lessonsTotal: 13, timeSpentMs: 125_000, reviewDue: 1 });
    expect(typeof doc.version).toBe('string');
    expect(doc.continueWith).toMatchObject({ id: 'lease-budgets', number: 3, readPercent: 40 });
    expect(doc.lessons).toHaveLength(13);
    expect(doc.lessons.find((l: { id: string }) => l.id === 'who-checks')).toMatchObject({ completed: true, selfCheck: { answered: 0 } });
    expect(doc.quizHistory).toEqual([expect.objectContaining({ quiz: 'all', mode: 'exam', score: 80, passed: true, questions: 5 })]);
  });

  it('--content DIR: its challenges follow the shipped ones (through the loaders, which the snapshot spares otherwise)', async () => {
    const home = homeWithProgress();
    const course = mkdtempSync(join(tmpdir(), 'fence-cli-progress-course-'));
    mkdirSync(join(course, 'challenges'));
    const shipped = readFileSync(join(root, 'challenges', '03-fence-it.yaml'), 'utf8');
    writeFileSync(join(course, 'challenges', 'mine.yaml'), shipped.replace('id: fence-it', 'id: my-fence'));
    const plain = JSON.parse((await runCli(['progress', '--json'], { FENCE_TUTOR_HOME: home })).stdout);
    const r = await runCli(['--content', course, 'progress', '--json'], { FENCE_TUTOR_HOME: home });
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.challenges).toHaveLength(plain.challenges.length + 1);
    expect(doc.challenges.at(-1)).toMatchObject({ id: 'my-fence' });
    expect(doc.lessonsTotal).toBe(13);
  });

  it('prints the same as text', async () => {
    const r = await runCli(['progress'], { FENCE_TUTOR_HOME: homeWithProgress() });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Lessons done: 1 of 13');
    expect(r.stdout).toContain('Time spent: 2 min');
    expect(r.stdout).toContain('Review due: 1');
    expect(r.stdout).toMatch(/Continue: 3\. .*\(read 40%\)/);
    expect(r.stdout).toMatch(/9\. .*✓ done/);
    expect(r.stdout).toMatch(/2026-11-28 10:00 {2}all · exam {2}80% of 5 passed/);
  });

  it('a corrupt progress file is set aside with a warning; the command carries on', async () => {
    const home = mkdtempSync(join(tmpdir(), 'fence-cli-progress-'));
    writeFileSync(join(home, 'progress.json'), '{ oops');
    const r = await runCli(['progress', '--json'], { FENCE_TUTOR_HOME: home });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/warning: .*progress\.json could not be read .*moved to .*corrupt-/);
    expect(JSON.parse(r.stdout).lessonsDone).toBe(0);
    expect(readdirSync(home).some((n) => n.startsWith('progress.json.corrupt-'))).toBe(true);
  });

  it('--reset without a terminal needs --yes (exit 2, nothing erased); with --yes it erases', async () => {
    const home = homeWithProgress();
    const refused = await runCli(['progress', '--reset'], { FENCE_TUTOR_HOME: home });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/add --yes/);
    expect(existsSync(join(home, 'progress.json'))).toBe(true);
    const done = await runCli(['progress', '--reset', '--yes'], { FENCE_TUTOR_HOME: home });
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/Progress erased/);
    expect(existsSync(join(home, 'progress.json'))).toBe(false);
    // The quiz's files are not ours to erase.
    expect(existsSync(join(home, 'review.json'))).toBe(true);
    const after = await runCli(['progress', '--json'], { FENCE_TUTOR_HOME: home });
    expect(JSON.parse(after.stdout)).toMatchObject({ lessonsDone: 0, timeSpentMs: 0, continueWith: null });
  });

  it('--yes alone is a usage error', async () => {
    const r = await runCli(['progress', '--yes'], { FENCE_TUTOR_HOME: homeWithProgress() });
    expect(r.status).toBe(2);
  });
});

describe('progress --reset on a terminal asks first', () => {
  function tty(answer: string) {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = Object.assign(new PassThrough(), { isTTY: true });
    let said = '';
    output.on('data', (d: Buffer) => {
      said += d.toString();
      if (said.includes('[y/N]')) input.write(`${answer}\n`);
    });
    return { input, output, said: () => said };
  }

  it('keeps the file unless the answer is yes', async () => {
    const home = homeWithProgress();
    const path = join(home, 'progress.json');
    const no = tty('n');
    expect(await resetProgress({ yes: false, json: false, path, input: no.input, output: no.output })).toBe(0);
    // It names everything the file holds that goes: lessons, exercises and challenges (one file, deleted whole).
    expect(no.said()).toMatch(/Erase your lesson progress, exercise status and solved challenges .*\[y\/N\]/);
    expect(no.said()).toContain('Kept: nothing was erased.');
    expect(existsSync(path)).toBe(true);
    const yes = tty('yes');
    expect(await resetProgress({ yes: false, json: false, path, input: yes.input, output: yes.output })).toBe(0);
    expect(yes.said()).toContain('Progress erased');
    expect(yes.said()).toContain('solved challenges');
    expect(existsSync(path)).toBe(false);
  });
});

describe('progress --reset takes the progress lock', () => {
  it('waits for another instance saving progress, and erases nothing while it cannot get the lock', async () => {
    const home = homeWithProgress();
    const path = join(home, 'progress.json');
    // Another instance mid-save holds <progress>.lock: the reset must not delete under it.
    const attempt = withFileLock(path, () => resetProgress({ yes: true, json: true, path, lockWaitMs: 50 }));
    await expect(attempt).rejects.toBeInstanceOf(LockBusyError);
    expect(existsSync(path)).toBe(true);
    // Once the lock is free, the same reset erases the file and leaves no lock behind.
    expect(await resetProgress({ yes: true, json: true, path })).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
