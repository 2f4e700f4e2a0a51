import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';
// Each test spawns several whole processes; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 120_000 });

const dir = mkdtempSync(join(tmpdir(), 'ft-quiz-cli-'));
const home = mkdtempSync(join(tmpdir(), 'ft-quiz-home-'));
const run = (args: string[]) => runCli(args, { FENCE_TUTOR_HOME: home });

interface KeyQuestion {
  id: string;
  type: string;
  options: string[];
  answer: number | number[];
  explanation: string;
  source: string;
  tags: string[];
  difficulty: string;
  prompt: string;
}

async function key(seed: number, extra: string[] = []): Promise<KeyQuestion[]> {
  const r = await run(['quiz', '--export', 'json', '--seed', String(seed), ...extra]);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout).questions;
}

function answersFile(name: string, answers: Record<string, unknown>, more: Record<string, unknown> = {}): string {
  const f = join(dir, name);
  writeFileSync(f, JSON.stringify({ ...more, answers }, null, 2));
  return f;
}

describe('fence-tutor quiz (no terminal)', () => {
  it('--export json is the answer key for one seed, seed 0 by default', async () => {
    const k = await key(5);
    expect(k.length).toBeGreaterThanOrEqual(40);
    for (const q of k) {
      for (const field of ['id', 'type', 'prompt', 'options', 'answer', 'explanation', 'source', 'tags', 'difficulty']) expect(q).toHaveProperty(field);
    }
    const zero = JSON.parse((await run(['quiz', '--export', 'json'])).stdout);
    expect(zero.seed).toBe(0);
    expect(zero.questions).toEqual(await key(0));
  });

  it('--export sheet: the drawn questions without answers, and an empty answers template; a prefix for a smaller count', async () => {
    const s10 = JSON.parse((await run(['quiz', '--export', 'sheet', '--seed', '9', '--count', '10'])).stdout);
    const s20 = JSON.parse((await run(['quiz', '--export', 'sheet', '--seed', '9', '--count', '20'])).stdout);
    expect(s10.questions).toHaveLength(10);
    expect(s20.questions.slice(0, 10)).toEqual(s10.questions);
    expect(s10.questions[0]).not.toHaveProperty('answer');
    expect(s10.questions[0]).not.toHaveProperty('explanation');
    expect(Object.values(s10.answers)).toEqual(Array(10).fill(null));
  });

  it('sits an exam from an answers file: all right passes (exit 0) with a JSON report', async () => {
    const k = await key(11);
    const ids = JSON.parse((await run(['quiz', '--export', 'sheet', '--seed', '11', '--count', '12'])).stdout).questions.map((q: KeyQuestion) => q.id);
    const answers = Object.fromEntries(ids.map((id: string) => [id, k.find((q) => q.id === id)!.answer]));
    const report = join(dir, 'right.json');
    const r = await run([
      'quiz',
      '--mode',
      'exam',
      '--seed',
      '11',
      '--count',
      '12',
      '--student',
      'Ada',
      '--answers',
      answersFile('right-answers.json', answers),
      '--report',
      report,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(readFileSync(report, 'utf8'));
    expect(j).toMatchObject({
      schemaVersion: 1,
      quiz: 'all',
      seed: 11,
      mode: 'exam',
      student: 'Ada',
      score: 100,
      passMark: 70,
      passed: true,
      incomplete: false,
      timeLimitMs: null,
    });
    expect(j.questions.map((q: { id: string }) => q.id)).toEqual(ids);
    expect(j.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.stdout).toContain('Score 100.00%');
  });

  it('wrong and missing answers fail the exam (exit 1); practice always exits 0', async () => {
    const k = (await key(12)).slice(0, 0);
    void k;
    const sheet = JSON.parse((await run(['quiz', '--export', 'sheet', '--seed', '12', '--count', '5'])).stdout);
    const f = answersFile('none.json', {}, { seed: 12 });
    const exam = await run(['quiz', '--mode', 'exam', '--count', '5', '--answers', f, '--format', 'json']);
    expect(exam.status).toBe(1);
    const j = JSON.parse(exam.stdout);
    expect(j.seed).toBe(12); // taken from the answers file
    expect(j.questions.map((q: { id: string }) => q.id)).toEqual(sheet.questions.map((q: { id: string }) => q.id));
    expect(j).toMatchObject({ score: 0, passed: false });
    expect(j.questions.every((q: { response: unknown; correct: boolean; points: number }) => q.response === null && !q.correct && q.points === 0)).toBe(true);
    const practice = await run(['quiz', '--count', '5', '--answers', f, '--format', 'json']);
    expect(practice.status).toBe(0);
    expect(JSON.parse(practice.stdout)).toMatchObject({ mode: 'practice', passMark: null, passed: null });
  });

  it('--pass sets the mark; the score has two decimals', async () => {
    const k = await key(13);
    const sheet = JSON.parse((await run(['quiz', '--export', 'sheet', '--seed', '13', '--count', '3'])).stdout);
    const first = sheet.questions[0].id as string;
    const f = answersFile('one.json', { [first]: k.find((q) => q.id === first)!.answer });
    const r = await run(['quiz', '--mode', 'exam', '--seed', '13', '--count', '3', '--pass', '30', '--answers', f, '--format', 'json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ score: 33.33, passMark: 30, passed: true });
  });

  it('writes JUnit for .xml or --format junit', async () => {
    const f = answersFile('empty.json', {});
    const xml = join(dir, 'r.xml');
    const r = await run(['quiz', '--mode', 'exam', '--seed', '1', '--count', '4', '--answers', f, '--report', xml]);
    expect(r.status).toBe(1);
    const text = readFileSync(xml, 'utf8');
    expect(text).toMatch(/<testsuite [^>]*tests="4" failures="4"/);
    expect(text.match(/<testcase /g)).toHaveLength(4);
    const out = await run(['quiz', '--seed', '1', '--count', '2', '--answers', f, '--format', 'junit']);
    expect(out.stdout.startsWith('<?xml')).toBe(true);
  });

  it.each([
    ['an unknown id', { 'no-such-question': 0 }, /no question `no-such-question`/],
    ['a wrong shape', { 'lease-id-not-a-token': [0, 1] }, /wrong shape/],
    ['an index out of range', { 'lease-id-not-a-token': 7 }, /out of range/],
  ])('refuses %s in the answers file (exit 2, file and line)', async (_n, answers, message) => {
    const f = answersFile('bad.json', answers);
    const r = await run(['quiz', '--seed', '1', '--answers', f]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${f}:3:`);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('Fix:');
  });

  it('refuses bad flags with exit 2 and the fix', async () => {
    for (const [args, message] of [
      [['--seed', '-3'], /--seed/],
      [['--count', '0'], /--count/],
      [['--time-limit', 'soon'], /90s, 15m, 1h/],
      [['--pass', '120'], /0 to 100/],
      [['--mode', 'quiz'], /practice, exam, review/],
      [['--format', 'xml'], /json, junit/],
      [['--export', 'csv'], /json, sheet, gift/],
      [['--quiz', 'nope'], /no shipped quiz bank `nope`/],
      [['--pass', '50'], /exams only/],
    ] as const) {
      const r = await run(['quiz', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it('with no terminal and no --answers: exit 2 saying what to do', async () => {
    const r = await run(['quiz', '--seed', '1']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--answers FILE/);
    expect(r.stderr).toMatch(/terminal/);
  });

  it('records a random seed when none is given', async () => {
    const f = answersFile('empty2.json', {});
    const a = JSON.parse((await run(['quiz', '--count', '3', '--answers', f, '--format', 'json'])).stdout);
    expect(Number.isInteger(a.seed)).toBe(true);
    const again = JSON.parse((await run(['quiz', '--count', '3', '--seed', String(a.seed), '--answers', f, '--format', 'json'])).stdout);
    expect(again.questions.map((q: { id: string }) => q.id)).toEqual(a.questions.map((q: { id: string }) => q.id));
  });

  it('runs a custom bank given by path, named after its file', async () => {
    const bank = join(dir, 'my-bank.yaml');
    writeFileSync(
      bank,
      'kind: quiz\nquestions:\n  - { id: c1, type: truefalse, lesson: token-contract, tags: [x], difficulty: easy, prompt: "Text \\e[31monly", explanation: e, source: s, answer: true }\n',
    );
    const k = JSON.parse((await run(['quiz', '--quiz', bank, '--export', 'json'])).stdout);
    expect(k.quiz).toBe('my-bank');
    expect(k.questions[0].prompt).toBe('Text only');
    const r = await run(['quiz', '--quiz', bank, '--mode', 'exam', '--answers', answersFile('c.json', { c1: 0 }), '--format', 'json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ quiz: 'my-bank', score: 100 });
    const checked = await run(['validate', bank]);
    expect(checked.status, checked.stderr).toBe(0);
    writeFileSync(bank, 'kind: quiz\nquestions:\n  - { id: c1, type: truefalse }\n');
    const invalid = await run(['validate', bank]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain('my-bank.yaml:3:');
    const bad = await run(['quiz', '--quiz', bank, '--export', 'json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`${bank}:3:`);
  });

  it('review mode draws the questions due in review.json and moves their boxes', async () => {
    const reviewHome = mkdtempSync(join(tmpdir(), 'ft-review-home-'));
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
    writeFileSync(
      join(reviewHome, 'review.json'),
      JSON.stringify({
        schemaVersion: 1,
        questions: {
          'zxid-layout': { box: 2, lastAnsweredAt: past, dueAt: past },
          'gfs-initial-lease': { box: 1, lastAnsweredAt: past, dueAt: new Date(Date.now() + 86_400_000).toISOString() },
        },
      }),
    );
    const k = await key(4);
    const f = answersFile('review.json', { 'zxid-layout': k.find((q) => q.id === 'zxid-layout')!.answer }, { seed: 4 });
    const r = await runCli(['quiz', '--mode', 'review', '--answers', f, '--format', 'json'], { FENCE_TUTOR_HOME: reviewHome });
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.questions.map((q: { id: string }) => q.id)).toEqual(['zxid-layout']);
    const boxes = JSON.parse(readFileSync(join(reviewHome, 'review.json'), 'utf8'));
    expect(boxes.questions['zxid-layout'].box).toBe(3);
    expect(boxes.questions['gfs-initial-lease'].box).toBe(1);
    const none = await runCli(['quiz', '--mode', 'review', '--answers', f], { FENCE_TUTOR_HOME: reviewHome });
    expect(none.status).toBe(0);
    expect(none.stderr).toContain('Nothing is due');
  });

  it('--export gift prints Moodle GIFT', async () => {
    const r = await run(['quiz', '--export', 'gift', '--seed', '2']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('::lease-id-not-a-token::[plain]');
    expect(r.stdout).toContain('####');
  });
});
