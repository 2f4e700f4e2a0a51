import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyProgress, saveProgress } from '../../src/progress/progress-file.js';
import { markOpened, markViewed } from '../../src/progress/progress-model.js';
import { forgetProgressStores } from '../../src/store/progress-store.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fence-pscreen-'));
  process.env.FENCE_TUTOR_HOME = home;
  forgetProgressStores();
});
afterEach(() => cleanup());

const T = new Date('2026-11-29T09:00:00Z');

describe('progress and lessons screens', () => {
  it('Progress shows lessons done, time, quiz history and review due; enter continues the last lesson', async () => {
    let p = markOpened(emptyProgress(), 'token-contract', T);
    p = markViewed(p, 'token-contract', { position: 0.2, seen: 0.35 }, T);
    p.lessons['token-contract']!.timeSpentMs = 600_000;
    saveProgress(p, home);
    const { stdin, lastFrame, router } = await renderApp({ screen: 'progress' });
    const frame = await waitForFrame(lastFrame, 'Lessons done: 0 of 13');
    expect(frame).toContain('Time spent: 10 min');
    expect(frame).toContain('Review due: 0');
    expect(frame).toMatch(/Continue: 2\. .*\(read 35%\)/);
    expect(frame).toContain('Quiz history: none yet');
    expect(frame).toContain('enter continue');
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'Lesson 2 of 13');
    expect(router.getState().stack.at(-1)).toMatchObject({ screen: 'reader', lessonId: 'token-contract' });
  });

  it("with no lesson opened yet, enter starts the first lesson, as Home's Continue does", async () => {
    const { stdin, lastFrame, router } = await renderApp({ screen: 'progress' });
    const frame = await waitForFrame(lastFrame, 'Lessons done: 0 of 13');
    expect(frame).not.toContain('Continue:');
    await press(stdin, 'enter');
    await waitForFrame(lastFrame, 'Lesson 1 of 13');
    expect(router.getState().stack.at(-1)).toMatchObject({ screen: 'reader', lessonId: 'stale-holder' });
  });

  it('at 80x24 what is below the lessons (quiz history, exercises) is reached by scrolling, and the screen says it is there', async () => {
    saveProgress(markOpened(emptyProgress(), 'token-contract', T), home);
    const { stdin, lastFrame } = await renderApp({ screen: 'progress' }, { size: { columns: 80, rows: 24 } });
    let frame = await waitForFrame(lastFrame, 'Lessons done: 0 of 13');
    expect(frame).not.toContain('Exercises: ');
    expect(frame).toMatch(/↓ \d+ more lines? \(↓ scrolls\)/);
    expect(frame).toContain('↑/↓ scroll');
    expect(frame.split('\n').length).toBeLessThan(24);
    await press(stdin, 'space');
    frame = lastFrame() ?? '';
    expect(frame).toContain('Exercises: 0 of');
    expect(frame).toContain('the top is above');
    expect(frame.split('\n').length).toBeLessThan(24);
    await press(stdin, 'b');
    expect(lastFrame()).not.toContain('Exercises: ');
    expect(lastFrame()).toContain('Lessons done');
  });

  it('Lessons lists the curriculum with how far each got; enter reads the highlighted one', async () => {
    let p = markOpened(emptyProgress(), 'stale-holder', T);
    p = markViewed(p, 'stale-holder', { position: 0, seen: 0.5 }, T);
    saveProgress(p, home);
    const { stdin, lastFrame } = await renderApp({ screen: 'lessons' });
    const frame = await waitForFrame(lastFrame, '13 lessons, 0 done');
    expect(frame).toMatch(/1\. .* read 50%/);
    await press(stdin, 'down', 'enter');
    await waitForFrame(lastFrame, 'Lesson 2 of 13');
  });

  it('a corrupt progress file is set aside and Home says so', async () => {
    writeFileSync(join(home, 'progress.json'), '[[[');
    const { lastFrame } = await renderApp({ screen: 'home' });
    await waitForFrame(lastFrame, /warning: .*progress\.json could not be read/);
    expect(readdirSync(home).some((n) => n.startsWith('progress.json.corrupt-'))).toBe(true);
    await waitForFrame(lastFrame, /Continue\s+start with 1\. /);
  });
});
