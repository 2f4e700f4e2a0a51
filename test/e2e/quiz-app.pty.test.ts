/**
 * The built binary in a real pseudo-terminal (tmux, 80x24, CI removed, a
 * temp FENCE_TUTOR_HOME): a new user takes a three-question practice quiz
 * with the keys the screen shows, reading the right answers from the
 * instructor's key (`quiz --export json --seed 1`: `--count 3` is its
 * first three questions), sees the summary, and quits cleanly; the report
 * lands in the data directory.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const root = join(import.meta.dirname, '..', '..');
// tmux, the build, a FENCE_TUTOR_HOME for this file, and every session killed after each test.
const tt = tutorTerminal('quiz');
let term: TmuxSession | undefined;

interface KeyQuestion {
  id: string;
  type: string;
  options: string[];
  answer: number | number[];
}

function answerKey(seed: number): KeyQuestion[] {
  const out = execFileSync('node', ['bin/fence-tutor.js', 'quiz', '--export', 'json', '--seed', String(seed)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FENCE_TUTOR_HOME: tt.home },
  });
  return (JSON.parse(out) as { questions: KeyQuestion[] }).questions;
}

/** The keys a learner presses to give the right answer, by kind of question. */
function keysFor(q: KeyQuestion): string[] {
  if (typeof q.answer === 'number') return [String(q.answer + 1)];
  if (q.type === 'multiple') return [...q.answer.map((i) => String(i + 1)), 'Enter'];
  // Ordering: bring each event to its place, top first: select it (digit), move it up (u).
  const order = q.options.map((_, i) => i);
  const keys: string[] = [];
  q.answer.forEach((want, place) => {
    const at = order.indexOf(want);
    keys.push(String(at + 1));
    for (let k = at; k > place; k--) {
      keys.push('u');
      [order[k - 1], order[k]] = [order[k]!, order[k - 1]!];
    }
  });
  return [...keys, 'Enter'];
}

describe.skipIf(!tt.enabled)('a practice quiz in a real terminal', () => {
  it('takes three questions as a new user would, sees the summary, and quits with 0', async () => {
    const key = answerKey(1).slice(0, 3);
    term = await tt.start('quiz --mode practice --count 3 --seed 1', { cols: 80, rows: 24 });
    for (const [i, q] of key.entries()) {
      await term.waitFor(`question ${i + 1} of 3`);
      await term.waitFor('1-9 choose');
      await term.send(...keysFor(q));
      const screen = await term.waitFor(/✓ Right\.|✗ Not right\./);
      expect(screen, `question ${q.id}`).toContain('✓ Right.');
      expect(screen).toContain('Source: ');
      await term.send('Enter');
    }
    const summary = await term.waitFor('Score 100%');
    expect(summary).toContain('3 of 3 right on the first try');
    expect(summary).toContain('Nothing missed.');
    expect(summary).toContain('Report saved:');
    for (const line of summary.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);

    await term.send('q');
    expect(await term.waitForExit()).toBe(0);

    const reports = readdirSync(join(tt.home, 'reports')).filter((f) => f.endsWith('-practice.json'));
    expect(reports).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(tt.home, 'reports', reports[0]!), 'utf8'));
    expect(report).toMatchObject({ mode: 'practice', seed: 1, score: 100, incomplete: false, passMark: null });
    expect(report.questions.map((r: { id: string }) => r.id)).toEqual(key.map((q) => q.id));
  });

  /**
   * A two-question exam (seed 1) reporting to `reportPath`, with its first
   * question answered right; `after` runs in the pane's shell once it ends.
   */
  async function examWithOneAnswer(reportPath: string, after = ''): Promise<{ exam: TmuxSession; key: KeyQuestion[] }> {
    const key = answerKey(1).slice(0, 2);
    const session = await tt.start(`quiz --mode exam --count 2 --seed 1 --report ${reportPath}${after}`, { cols: 80, rows: 24 });
    term = session;
    const intro = await session.waitFor('Press enter to start');
    expect(intro).toContain('Pass mark: 70%');
    await session.send('Enter');
    await session.waitFor('question 1 of 2');
    await session.send(...keysFor(key[0]!));
    await session.waitFor('answered 1 of 2');
    return { exam: session, key };
  }

  it('an exam: Ctrl-C asks, a second Ctrl-C ends with 130 and writes an incomplete report where --report says', async () => {
    const reportPath = join(tt.home, 'exam-left.json');
    const { exam, key } = await examWithOneAnswer(reportPath);
    await exam.send('C-c');
    await exam.waitFor('Leave the exam?');
    expect(exam.alive()).toBe(true);
    await exam.send('C-c');
    expect(await exam.waitForExit()).toBe(130);
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    expect(report).toMatchObject({ mode: 'exam', seed: 1, incomplete: true, passMark: 70 });
    expect(report.questions[0]).toMatchObject({ id: key[0]!.id, correct: true });
    expect(report.questions[1]).toMatchObject({ id: key[1]!.id, response: null, correct: false });
  });

  it('SIGTERM mid-exam: the answers so far are saved as an incomplete report, the terminal is given back, exit 143', async () => {
    const reportPath = join(tt.home, 'exam-terminated.json');
    // After the app, the shell prints the terminal's line mode, then passes the app's status on.
    const { exam, key } = await examWithOneAnswer(
      reportPath,
      `; s=$?; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon | sed 's/^/mode: /'; (exit $s)`,
    );
    const pids = exam.commandPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGTERM');
    expect(await exam.waitForExit()).toBe(143);
    expect(exam.screen()).toMatch(/^mode: icanon$/m);
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    expect(report).toMatchObject({ mode: 'exam', seed: 1, incomplete: true });
    expect(report.questions[0]).toMatchObject({ id: key[0]!.id, correct: true });
    expect(report.questions[1]).toMatchObject({ id: key[1]!.id, response: null });
  });

  it('an exam whose time runs out ends by itself; not passed exits 1', async () => {
    term = await tt.start('quiz --mode exam --count 2 --seed 1 --time-limit 2s', { cols: 80, rows: 24 });
    await term.waitFor('Press enter to start');
    await term.send('Enter');
    await term.waitFor(/time left 0:0[12]/);
    const summary = await term.waitFor('the time ran out');
    expect(summary).toContain('NOT PASSED');
    await term.send('q');
    expect(await term.waitForExit()).toBe(1);
  });
});
