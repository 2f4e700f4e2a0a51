import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

/** The widest line, leaving out a line that is one URL: a URL wider than the line is kept whole (lesson-urls.test.ts). */
const widest = (text: string) =>
  Math.max(
    ...text
      .split('\n')
      .filter((l) => !/^\s*([-*•]\s+)?\S*:\/\/\S+$/.test(l))
      .map((l) => [...l].length),
  );

describe('fence-tutor lesson', () => {
  it('prints a lesson by number as plain text at 80 columns when piped', async () => {
    const r = await run(['lesson', '1']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.startsWith('Lesson 1. The stale holder is still a process\n')).toBe(true);
    expect(widest(r.stdout)).toBeLessThanOrEqual(80);
    // The embedded scenario is drawn by the engine: its lanes and outcome.
    expect(r.stdout).toMatch(/^coordinator +●A 1/m);
    expect(r.stdout).toContain('The sink ends at "1" (from A); 1 stale acceptance');
    expect(r.stdout).toContain('fence-tutor sim --scenario late-write --fencing off');
    // Self-check questions from the quiz bank, by prompt.
    expect(r.stdout).toContain('what does A believe?');
  });

  it('prints a lesson by id with --plain within 80 columns, and within --width 60', async () => {
    // Every lesson at 80 and 60 is checked in-process (test/content/lesson-shipped);
    // here the command's own width handling, on the longest lesson.
    const r80 = await run(['lesson', 'tokens-in-real-systems', '--plain']);
    expect(r80.status, r80.stderr).toBe(0);
    expect(r80.stdout.startsWith('Lesson 4. Where the token lives in real systems')).toBe(true);
    expect(widest(r80.stdout)).toBeLessThanOrEqual(80);
    expect(widest(r80.stdout)).toBeGreaterThan(70);
    const r60 = await run(['lesson', '4', '--plain', '--width', '60']);
    expect(r60.status, r60.stderr).toBe(0);
    expect(widest(r60.stdout)).toBeLessThanOrEqual(60);
    expect(r60.stdout.split('\n').length).toBeGreaterThan(r80.stdout.split('\n').length);
  });

  it('prints ASCII only with --ascii', async () => {
    const r = await run(['--ascii', 'lesson', '6', '--plain']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('--narrate reads as words: no rules, no table box, the timeline as sentences (for a screen reader)', async () => {
    const r = await run(['--narrate', 'lesson', '1', '--plain']);
    expect(r.status).toBe(0);
    // The table of the classic timeline, a row at a time, "header: cell".
    expect(r.stdout).toContain('t: 0; What happens: A acquires the lock with a 10 s lease');
    // The embedded scenario said moment by moment, as sim --narrate says it.
    expect(r.stdout).toContain('t=2: A pauses (a long GC pause, say)');
    expect(r.stdout).toContain('Try it: book-timeline (fencing off)');
    expect(r.stdout).not.toMatch(/[─═│┌┐└┘├┤┬┴┼█░╳●◌▶✎]/);
  });

  it('refuses an unknown lesson with exit 2 and says what to give', async () => {
    for (const ref of ['14', 'no-such-lesson', '0']) {
      const r = await run(['lesson', ref]);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`no lesson "${ref}"`);
      expect(r.stderr).toContain('stale-holder');
    }
  });

  it('refuses a bad --width with exit 2', async () => {
    const r = await run(['lesson', '1', '--width', 'wide']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--width');
  });

  it('reads an instructor lesson with --content, with its own scenario', async () => {
    const fixture = new URL('../fixtures/curriculum/good', import.meta.url).pathname;
    const r = await run(['--content', fixture, 'lesson', 'first-steps']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Lesson 14. First steps');
    expect(r.stdout).toContain('Try it: fixture-late (fencing off)');
    expect(r.stdout).toContain('The sink ends at');
    expect(r.stdout).toContain('A fencing token is minted by the coordinator.');
  });
});
