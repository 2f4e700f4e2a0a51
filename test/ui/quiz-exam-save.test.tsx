/**
 * The app's exam when a report copy cannot be written: the summary says
 * which copy failed and names the one that was saved; nothing crashes, and
 * one failed copy does not cost the other (the plain sitting does the same,
 * quiz-run.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuizStore } from '../../src/store/quiz-store.js';
import { filePersistence } from '../../src/ui/screens/quiz/sitting.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';
import { fakeClock, meta, SINGLE } from './quiz-fixtures.js';

const shared = process.env.FENCE_TUTOR_HOME;
let home = '';
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'fence-exam-save-'));
  process.env.FENCE_TUTOR_HOME = home;
});
afterEach(() => {
  cleanup();
  if (shared === undefined) delete process.env.FENCE_TUTOR_HOME;
  else process.env.FENCE_TUTOR_HOME = shared;
  rmSync(home, { recursive: true, force: true });
});

async function sitExam(report: string) {
  const store = createQuizStore({
    questions: [SINGLE],
    meta: meta({ mode: 'exam', passMark: 70, timeLimitMs: null, quiz: 'save-fixture' }),
    clock: fakeClock().now,
    persist: filePersistence({ report }),
  });
  const app = await renderApp({ screen: 'quiz' }, { services: { quizSitting: { store } }, size: { columns: 100, rows: 40 } });
  await waitForFrame(app.lastFrame, 'Press enter to start');
  await press(app.stdin, 'enter', '2', 's', 'enter');
  await waitForFrame(app.lastFrame, 'summary');
  return { flat: (app.lastFrame() ?? '').replace(/\s+/g, ' '), store };
}

describe('an exam whose report cannot be written everywhere', () => {
  it('an unwritable reports/ folder: the summary says so, and the --report copy is still written and named', async () => {
    writeFileSync(join(home, 'reports'), 'a file where the folder should be');
    const out = join(home, 'out.json');
    const { flat, store } = await sitExam(out);
    expect(flat).toContain('Exam finished.');
    expect(flat).toContain(`Not every copy of the report was saved: the copy for Progress in ${join(home, 'reports')} could not be written`);
    expect(flat).toContain(`Report saved: ${out}`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ quiz: 'save-fixture', mode: 'exam' });
    expect(store.getState().savedTo).toEqual([out]);
  });

  it('a --report path that cannot be written: the data directory copy is kept and named', async () => {
    mkdirSync(join(home, 'blocked'));
    writeFileSync(join(home, 'blocked', 'not-a-dir'), '');
    const bad = join(home, 'blocked', 'not-a-dir', 'out.json');
    const { flat } = await sitExam(bad);
    expect(flat).toContain(`${bad} could not be written`);
    const reports = readdirSync(join(home, 'reports'));
    expect(reports).toHaveLength(1);
    expect(flat).toContain(`Report saved: ${join(home, 'reports', reports[0]!)}`);
    expect(existsSync(bad)).toBe(false);
  });
});
