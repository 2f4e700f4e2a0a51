/**
 * The reader's first frame (issue 18): drawn from the first screen's layout
 * only, it shows exactly the rows of the complete layout's first screen;
 * how far through the lesson is left blank until the whole lesson is laid
 * out, right after, and nothing is saved from the partial frame.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetProgressStores } from '../../src/store/progress-store.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

beforeEach(() => {
  process.env.FENCE_TUTOR_HOME = mkdtempSync(join(tmpdir(), 'fence-reader-first-'));
  forgetProgressStores();
});
afterEach(() => cleanup());

/** The lesson's rows: below the title line, above the status line (`1-26 of 301 lines`). */
const body = (frame: string) => {
  const lines = frame.split('\n');
  return lines.slice(
    1,
    lines.findIndex((l) => / \d+-\d+ (of \d+ )?lines/.test(l)),
  );
};

/**
 * The first frame of lesson 6 and the first complete frame after it at the
 * same size (the test terminal gets its rows only after the first render,
 * so later frames may be taller).
 */
function firstAndComplete(frames: readonly string[]): { first: string; complete: string } {
  const at = frames.findIndex((f) => f.includes('Lesson 6 of'));
  const first = frames[at] ?? '';
  const size = first.split('\n').length;
  const complete = frames.slice(at).find((f) => / of \d+ lines/.test(f) && f.split('\n').length === size) ?? '';
  return { first, complete };
}

// Lesson 6: a long lesson whose first screen, and the screen from row 74, hold
// no embedded timeline or self-check (on those the status line offers the
// block instead of the row range these tests read).
describe("the reader's first frame", () => {
  it('is the first screen of the complete layout, then the totals follow', async () => {
    const app = await renderApp({ screen: 'reader', lessonId: 'atomic-vs-split' }, { size: { columns: 100, rows: 30 } });
    await waitForFrame(app.lastFrame, / of \d+ lines/);
    const { first, complete } = firstAndComplete(app.frames);
    // Drawn before the whole lesson was laid out: no total yet.
    expect(first).toMatch(/ 1-\d+ lines/);
    expect(first).not.toMatch(/\d+%/);
    expect(body(first).length).toBeGreaterThan(15);
    expect(body(first)).toEqual(body(complete));
    expect(complete).toMatch(/\d+%/);
  });

  it('reopened where it was left, is that screen of the complete layout', async () => {
    const size = { size: { columns: 100, rows: 30 } };
    const before = await renderApp({ screen: 'reader', lessonId: 'atomic-vs-split' }, size);
    await waitForFrame(before.lastFrame, / of \d+ lines/);
    await press(before.stdin, 'pagedown', 'pagedown', 'pagedown', 'down');
    const left = await waitForFrame(before.lastFrame, / 74-\d+ of \d+ lines/);
    before.unmount();
    cleanup();
    forgetProgressStores();
    const app = await renderApp({ screen: 'reader', lessonId: 'atomic-vs-split' }, size);
    await waitForFrame(app.lastFrame, / of \d+ lines/);
    const { first, complete } = firstAndComplete(app.frames);
    expect(first).toMatch(/ 74-\d+ lines/);
    expect(body(first).length).toBeGreaterThan(15);
    expect(body(first)).toEqual(body(complete));
    expect(body(left).slice(0, body(first).length)).toEqual(body(first));
  });
});
