import { NO_GLOBAL_FLAGS } from '../../src/platform/global-flags.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDERING_HELP } from '../../src/core/quiz/ordering-draft.js';
import { loadProgress } from '../../src/progress/progress-file.js';
import { forgetProgressStores } from '../../src/store/progress-store.js';
import { act, createElement } from 'react';
import { render } from 'ink-testing-library';
import { createRouterStore } from '../../src/store/router-store.js';
import { App } from '../../src/ui/app.js';
import { fakePlaybackTimers, playFor, press, renderApp, setTerminalSize, TEST_DISPLAY, waitForFrame } from '../helpers/ink.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fence-reader-'));
  process.env.FENCE_TUTOR_HOME = home;
  forgetProgressStores();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openLesson(lessonId = 'stale-holder', size = { columns: 100, rows: 30 }) {
  const app = await renderApp({ screen: 'reader', lessonId }, { size });
  await waitForFrame(app.lastFrame, 'Lesson ');
  return app;
}

describe('reader', () => {
  it('renders the lesson with its heading, wrapped text and the reader keys in the hint line', async () => {
    const { lastFrame } = await openLesson();
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Lesson 1 of 13 › ');
    expect(frame).toMatch(/Lesson 1\. /);
    expect(frame).toContain('You will be able to:');
    expect(frame).toContain('n next');
    expect(frame).toContain('/ search');
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('scrolls with the arrows, pages, g and G', async () => {
    const { stdin, lastFrame } = await openLesson();
    const first = lastFrame() ?? '';
    await press(stdin, 'down', 'down', 'down');
    expect(lastFrame()).not.toBe(first);
    await press(stdin, 'g');
    expect(lastFrame()).toBe(first);
    await press(stdin, 'pagedown');
    const paged = lastFrame() ?? '';
    expect(paged).not.toContain('You will be able to:');
    await press(stdin, 'pageup');
    expect(lastFrame()).toContain('You will be able to:');
    await press(stdin, 'G');
    expect(lastFrame()).toContain('100%');
  });

  it('n and p move between lessons', async () => {
    const { stdin, lastFrame } = await openLesson();
    await press(stdin, 'n');
    await waitForFrame(lastFrame, 'Lesson 2 of 13');
    await press(stdin, 'p');
    await waitForFrame(lastFrame, 'Lesson 1 of 13');
    await press(stdin, 'p');
    expect(lastFrame()).toContain('This is the first lesson.');
  });

  it('/ searches every lesson and jumps to a hit in another lesson', async () => {
    const { stdin, lastFrame, router } = await openLesson();
    await press(stdin, '/');
    expect(lastFrame()).toContain('type at least 2 characters');
    for (const ch of 'zxid') await press(stdin, ch);
    const frame = await waitForFrame(lastFrame, /\d+ hits?/);
    expect(frame).toMatch(/❯ 4\. .*zxid/i);
    await press(stdin, 'enter');
    const route = router.getState().stack.at(-1);
    expect(route?.screen).toBe('reader');
    if (route?.screen !== 'reader') throw new Error('not the reader');
    expect(route?.lessonId).not.toBe('stale-holder');
    await waitForFrame(lastFrame, 'Lesson 4 of 13');
    expect(route?.lessonId).toBe('tokens-in-real-systems');
    // The hit is on screen, marked.
    expect(lastFrame()).toMatch(/zxid/i);
  });

  it('esc closes the search without leaving the lesson; letters typed there are text', async () => {
    const { stdin, lastFrame, router } = await openLesson();
    await press(stdin, '/', 'q', '?');
    expect(lastFrame()).toContain('/ q?');
    expect(router.getState().helpOpen).toBe(false);
    await press(stdin, 'esc');
    expect(lastFrame()).not.toContain('/ q?');
    expect(router.getState().stack.at(-1)?.screen).toBe('reader');
  });

  it('enter gives an embedded timeline the keys: space plays it, help shows its keys, esc gives them back', async () => {
    fakePlaybackTimers();
    const { stdin, lastFrame, router } = await openLesson();
    await press(stdin, 'tab');
    await waitForFrame(lastFrame, 'Try it: book-timeline');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-timeline');
    expect(lastFrame()).toContain('The timeline has the keys');
    expect(lastFrame()).toContain('space play');
    await press(stdin, 'right', 'right');
    expect(lastFrame()).toMatch(/t = \d+ of \d+/);
    expect(lastFrame()).not.toContain('t = 0 of');
    await press(stdin, 'space');
    expect(lastFrame()).toContain('▶ playing');
    await playFor(400);
    await press(stdin, '?');
    expect(lastFrame()).toContain('Timeline in the lesson');
    await press(stdin, '?');
    await press(stdin, 'esc');
    expect(router.getState().keyContext).toBe(null);
    expect(router.getState().stack.at(-1)?.screen).toBe('reader');
    expect(lastFrame()).toContain('■ paused');
    // Keys are the text's again: n goes to the next lesson.
    await press(stdin, 'n');
    await waitForFrame(lastFrame, 'Lesson 2 of 13');
  });

  it('the self-check at the end is answered with digits; reaching the end and answering completes the lesson', async () => {
    const { stdin, lastFrame, router } = await openLesson('who-checks');
    await press(stdin, 'G');
    // Tab until the self-check is at the top, then give it the keys.
    await press(stdin, 'g');
    for (let i = 0; i < 6 && !/^ {2}✎/m.test((lastFrame() ?? '').split('\n').slice(1, 3).join('\n')); i++) await press(stdin, 'tab');
    expect(lastFrame()).toContain('Question 1 of');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-quiz');
    const total = Number(/Question 1 of (\d+)/.exec(lastFrame() ?? '')?.[1]);
    for (let i = 0; i < total; i++) {
      const text = lastFrame() ?? '';
      if (/\[ \] /.test(text) || text.includes(ORDERING_HELP.slice(0, 20))) {
        await press(stdin, '1', 'enter');
      } else {
        await press(stdin, '1');
      }
      expect(lastFrame()).toMatch(/✓ Right\.|✗ Not quite\./);
      // The same words as practice and the exam review: the learner's answer (and the right one when wrong).
      expect(lastFrame()).toMatch(/Your (answer|order): /);
      if (/✗ Not quite\./.test(lastFrame() ?? '')) expect(lastFrame()).toMatch(/Right (answer|order): /);
      await press(stdin, 'enter');
    }
    await waitForFrame(lastFrame, 'Self-check done');
    await waitForFrame(lastFrame, '✓ completed');
    await press(stdin, 'esc', 'q');
    const saved = loadProgress(home);
    expect(saved.lessons['who-checks']?.completedAt).toBeTruthy();
    expect(Object.keys(saved.lessons['who-checks']?.selfCheck ?? {})).toHaveLength(total);
  });

  it('at 80x24 an answer brings its whole feedback on screen, down to "Press enter for the next question."', async () => {
    const { stdin, lastFrame, router } = await openLesson('stale-holder', { columns: 80, rows: 24 });
    for (let i = 0; i < 8 && !(lastFrame() ?? '').includes('enter: answer the self-check here'); i++) await press(stdin, 'tab');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-quiz');
    await press(stdin, '1');
    expect(lastFrame()).toMatch(/✓ Right\.|✗ Not quite\./);
    expect(lastFrame()).toContain('Press enter for the next question.');
    for (const line of (lastFrame() ?? '').split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('a resize to 80x24 keeps the timeline that has the keys on screen, whole', async () => {
    const app = await openLesson('token-contract', { columns: 120, rows: 40 });
    const { stdin, lastFrame, router } = app;
    for (let i = 0; i < 8 && !(lastFrame() ?? '').includes('enter: play the timeline here'); i++) await press(stdin, 'tab');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-timeline');
    await setTerminalSize(app.stdout, 80, 24);
    const frame = await waitForFrame(lastFrame, 't=0: A is granted the lock with token 1.');
    expect(frame).toContain('▶ Try it: ');
    expect(frame).toMatch(/^ ┃ sink/m);
    expect(frame).toContain('● grant');
  });

  it('read to the end but not done: the status line says the self-check is what is left', async () => {
    const { stdin, lastFrame } = await openLesson('stale-holder');
    await press(stdin, 'G');
    const frame = await waitForFrame(lastFrame, /to finish lesson 1, answer its self-check: \d+ questions left \(tab goes to it\)/);
    expect(frame).not.toContain('done; next');
  });

  it('an ordering in the self-check is answered as in the quiz: select, move with u/n or shift+arrows, enter', async () => {
    const { stdin, lastFrame, router } = await openLesson('stale-holder', { columns: 100, rows: 40 });
    // Tab until enter would give the keys to the self-check.
    for (let i = 0; i < 8 && !(lastFrame() ?? '').includes('enter: answer the self-check here'); i++) await press(stdin, 'tab');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-quiz');
    for (let i = 0; i < 9 && !(lastFrame() ?? '').includes('First event at the top'); i++) await press(stdin, 'right');
    expect(lastFrame()).toContain(ORDERING_HELP.slice(0, 40));
    // The events as drawn, numbered by place, beside the self-check's gutter: " ┃ ❯ 1. ...", " ┃   2. ...".
    const eventAt = (place: number) => new RegExp(`^ \\S (?:❯| ) ${place}\\. (.+?)(?: selected: u/n moves it)?\\s*$`, 'm').exec(lastFrame() ?? '')?.[1];
    const first = eventAt(1);
    const second = eventAt(2);
    const third = eventAt(3);
    expect(first && second && third).toBeTruthy();
    await press(stdin, '1', 'n'); // select the first event, move it down with n
    expect(eventAt(1)).toBe(second);
    expect(eventAt(2)).toBe(first);
    expect(lastFrame()).toContain('selected: u/n moves it');
    await press(stdin, '\u001b[1;2B'); // and once more with shift+down
    expect(eventAt(3)).toBe(first);
    await press(stdin, 'u'); // and back up with u
    expect(eventAt(2)).toBe(first);
    expect(lastFrame()).not.toMatch(/Right\.|Not quite\./); // nothing is answered until enter
    await press(stdin, 'enter');
    expect(lastFrame()).toMatch(/✓ Right\.|✗ Not quite\./);
    expect(lastFrame()).toMatch(/Your order: /);
    await press(stdin, '?');
    expect(lastFrame()).toContain('ordering: move the selected event up');
  });

  it('at 80 columns (the smallest the app runs at) a URL wider than the screen stays on one row, and the arrows slide it into view (issue 17)', async () => {
    const url =
      'https://github.com/apache/hadoop/blob/trunk/hadoop-hdfs-project/hadoop-hdfs/src/main/java/org/apache/hadoop/hdfs/server/namenode/LeaseManager.java';
    const { stdin, lastFrame } = await openLesson('tokens-in-real-systems', { columns: 80, rows: 24 });
    const urlRow = () =>
      (lastFrame() ?? '').split('\n').find((l) => l.includes('https://github.com/apache/hadoop') || l.includes('namenode/LeaseManager.java'));
    for (let i = 0; i < 40 && urlRow() === undefined; i++) await press(stdin, 'pagedown');
    const first = urlRow() ?? '';
    expect(first).toContain('https://github.com/apache/hadoop/blob/trunk/');
    expect(first.trimEnd()).toMatch(/›$/); // more to the right
    // Nothing of it spills onto the next row.
    const rows = (lastFrame() ?? '').split('\n');
    expect(rows[rows.indexOf(first) + 1]).not.toMatch(/hadoop|namenode|LeaseManager/);
    for (let i = 0; i < 6 && !(urlRow() ?? '').includes('namenode/LeaseManager.java'); i++) await press(stdin, 'right');
    const last = urlRow() ?? '';
    expect(last).toMatch(/‹.*namenode\/LeaseManager\.java/);
    // Every piece seen on the way is a piece of the one URL, none wider than the screen.
    for (const line of (lastFrame() ?? '').split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(url.endsWith(last.trim().replace(/^‹/, ''))).toBe(true);
    await press(stdin, 'left', 'left', 'left', 'left', 'left', 'left');
    expect(urlRow()).toBe(first);
  });

  it('remembers where the reader was and Home offers to continue there', async () => {
    const first = await openLesson('lease-budgets');
    await press(first.stdin, 'pagedown', 'pagedown');
    const seen = first.lastFrame() ?? '';
    await press(first.stdin, 'q');
    await waitForFrame(first.lastFrame, 'Continue');
    first.unmount();
    cleanup();
    const raw = JSON.parse(readFileSync(join(home, 'progress.json'), 'utf8'));
    expect(raw.lastLessonId).toBe('lease-budgets');
    expect(raw.lessons['lease-budgets'].position).toBeGreaterThan(0);

    // A restart: a fresh store read from the file.
    forgetProgressStores();
    const again = await renderApp({ screen: 'home' });
    const home1 = await waitForFrame(again.lastFrame, /Continue\s+3\. .*\(read \d+%\)/);
    expect(home1).toMatch(/Lessons\s+13 lessons, 0 done/);
    await press(again.stdin, 'enter');
    await waitForFrame(again.lastFrame, 'Lesson 3 of 13');
    const body = (s: string) => s.split('\n').slice(1, 10).join('\n');
    expect(body(again.lastFrame() ?? '')).toBe(body(seen));
  });

  it('fits a small terminal: no line wider than it, the hint line kept', async () => {
    const { lastFrame } = await openLesson('tokens-in-real-systems', { columns: 80, rows: 24 });
    const frame = lastFrame() ?? '';
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(frame).toContain('? help');
  });

  it('with --content, a local lesson reads in the app, marked local, its own timeline and self-check working', async () => {
    const content = new URL('../fixtures/content/course/', import.meta.url).pathname;
    const router = createRouterStore({ screen: 'reader', lessonId: 'our-deploy-lock' });
    let app: ReturnType<typeof render> | undefined;
    await act(async () => {
      app = render(createElement(App, { router, display: TEST_DISPLAY, flags: { ...NO_GLOBAL_FLAGS, content } }));
    });
    if (!app) throw new Error('no render');
    await setTerminalSize(app.stdout, 100, 40);
    const { stdin, lastFrame } = app;
    // The real loaders (YAML, Markdown) read the course first: on a loaded machine that can take longer than a frame usually does.
    await waitForFrame(lastFrame, 'Lesson 14 of 14 › Our deploy lock (local)', 30_000);
    expect(lastFrame()).toContain('Try it: deploy-marker (fencing on)');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-timeline');
    await press(stdin, 'esc');
    expect(lastFrame()).toContain('enter: play the timeline here');
    // Both parts are on screen: tab picks the next one, enter gives it the keys.
    await press(stdin, 'tab', 'tab');
    expect(lastFrame()).toContain('enter: answer the self-check here');
    expect(lastFrame()).toContain('With fencing on, the marker store rejects');
    await press(stdin, 'enter');
    expect(router.getState().keyContext).toBe('reader-quiz');
    await press(stdin, '?');
    expect(lastFrame()).toContain('Self-check');
    expect(lastFrame()).toContain('choose that option');
    await press(stdin, '?', '1');
    await waitForFrame(lastFrame, '✓ Right.');
    await waitForFrame(lastFrame, '✓ completed');
    app.unmount();
  }, 60_000);

  it("a caption written for the block's toggles says so once the learner flips one, and reads as written when flipped back", async () => {
    const { stdin, lastFrame } = await openLesson();
    await press(stdin, 'tab');
    await waitForFrame(lastFrame, 'Try it: book-timeline');
    const flat = () => (lastFrame() ?? '').replace(/[│┃]/g, ' ').replace(/\s+/g, ' ');
    expect(flat()).toContain('The sink takes every write.');
    expect(flat()).not.toContain('Written for');
    await press(stdin, 'enter', 'f');
    await waitForFrame(lastFrame, 'fencing ON');
    expect(flat()).toContain('Written for fencing off (now fencing on): The sink takes every write.');
    await press(stdin, 'f');
    await waitForFrame(lastFrame, 'fencing OFF');
    expect(flat()).not.toContain('Written for');
    expect(flat()).toContain('The sink takes every write.');
  });

  it('--narrate: an embedded timeline speaks one sentence per moment instead of drawing', async () => {
    const app = await renderApp({ screen: 'reader', lessonId: 'stale-holder' }, { display: { narrate: true } });
    await waitForFrame(app.lastFrame, 'Lesson 1 of 13');
    await press(app.stdin, 'tab');
    await waitForFrame(app.lastFrame, 'Try it: book-timeline');
    await press(app.stdin, 'enter', 'right');
    const frame = app.lastFrame() ?? '';
    expect(frame).toMatch(/t=\d+: /);
    expect(frame).not.toMatch(/^ *│? *coordinator /m);
    expect(frame).not.toContain('● grant');
    // No bar down the focused part either: a screen reader read it out on every line.
    expect(frame).not.toMatch(/[┃│]/);
  });
});
