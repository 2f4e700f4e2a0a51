/**
 * Every class of character a terminal would act on or hide (lone C0, C1,
 * bidi controls, zero-width and other Cf characters, tag characters) fed
 * through every command that echoes file content or a file's name: none
 * reaches stdout or stderr as is, and each shows as a visible `<U+XXXX>`.
 * The "Trojan Source" trick: a report or answers file that reads on screen
 * differently from what it holds.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCliInProcess } from '../helpers/cli-in-process.js';

vi.setConfig({ testTimeout: 120_000 });
/** What must never reach the terminal (ESC and C1 CSI are checked by escapes.test.ts too). */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/u;

const CLASSES: Record<string, string> = {
  c0: '\u0007',
  c1: '\u0085',
  rlo: '\u202e',
  rli: '\u2067',
  rlm: '\u200f',
  alm: '\u061c',
  zwsp: '\u200b',
  tag: '\u{e0041}',
};

const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-hidden-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[], home: string) {
  return runCliInProcess(args, { NO_COLOR: '1', LANG: 'C.UTF-8', FENCE_TUTOR_HOME: home });
}

/** A JSON string escape for `ch` (so the files hold the character itself once parsed). */
const esc = (ch: string) => JSON.stringify(ch).slice(1, -1);

/** Every class at once: one run per command keeps the test cheap (each run is a whole process). */
const ch = Object.values(CLASSES).join('');
const codes = Object.values(CLASSES).map((c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
const home = join(dir, 'home');
mkdirSync(join(dir, 'content', 'lessons'), { recursive: true });
mkdirSync(home, { recursive: true });

function expectNeutral(r: Awaited<ReturnType<typeof run>>, what: string, shows: readonly string[] = codes) {
  expect([0, 1, 2], `${what}: exit ${r.status}: ${r.stderr}`).toContain(r.status);
  expect(HIDDEN.test(r.stdout), `${what}: stdout: ${JSON.stringify(r.stdout.slice(0, 300))}`).toBe(false);
  expect(HIDDEN.test(r.stderr), `${what}: stderr: ${JSON.stringify(r.stderr.slice(0, 300))}`).toBe(false);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  for (const code of shows) expect(r.stdout + r.stderr, `${what} shows ${code}`).toContain(code);
}

describe('C0, C1, bidi, zero-width and tag characters from files and file names', () => {
  it('sim (a scenario title and a written value) and validate (a bad key)', async () => {
    writeFileSync(
      join(dir, 's.yaml'),
      `id: hidden\ntitle: "T${esc(ch)}itle"\nsteps:\n  - { at: 0, actor: A, do: acquire }\n  - { at: 1, actor: A, do: write, value: "v${esc(ch)}" }\n`,
    );
    writeFileSync(join(dir, 'bad.yaml'), `kind: scenario\nid: hidden\n"k${esc(ch)}": 1\nsteps:\n  - { at: 0, actor: A, do: acquire }\n`);
    expectNeutral(await run(['sim', '--scenario-file', join(dir, 's.yaml'), '--plain'], home), 'sim');
    expectNeutral(await run(['validate', join(dir, 'bad.yaml')], home), 'validate');
  });

  it('lesson --content (title and body)', async () => {
    writeFileSync(join(dir, 'content', 'lessons', 'manifest.yaml'), 'kind: manifest\nlessons:\n  - { id: hidden, file: 01-hidden.md }\n');
    writeFileSync(
      join(dir, 'content', 'lessons', '01-hidden.md'),
      `---\nid: hidden\ntitle: "Hid${esc(ch)}den"\ngoals: [g]\nprerequisites: []\nminutes: 1\n---\n\nBody ${ch} text.\n`,
    );
    expectNeutral(await run(['--content', join(dir, 'content'), 'lesson', 'hidden', '--plain'], home), 'lesson --content');
  });

  it('quiz --answers (an unknown question id)', async () => {
    writeFileSync(join(dir, 'answers.json'), JSON.stringify({ student: `Ada${ch}`, answers: { [`nope${ch}`]: 0 } }));
    // The message quotes the id shortened: the first few placeholders show.
    expectNeutral(
      await run(['quiz', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '1', '--answers', join(dir, 'answers.json')], home),
      'quiz --answers',
      codes.slice(0, 4),
    );
  });

  it('grade (the student from the file name, and a crafted report)', async () => {
    const answers = join(dir, 'a2.json');
    writeFileSync(answers, JSON.stringify({ answers: {} }));
    const report = join(dir, `stud${ch}ent.json`);
    await run(['quiz', '--quiz', 'token-contract', '--mode', 'exam', '--seed', '1', '--answers', answers, '--report', report], home);
    const r = await run(['grade', report], home);
    expectNeutral(r, 'grade');
    expect(r.stdout).toContain(`stud${codes.join('')}ent`);
    writeFileSync(
      join(dir, 'named.json'),
      JSON.stringify({
        schemaVersion: 1,
        quiz: `q${ch}`,
        contentHash: 'x',
        score: 1,
        startedAt: 'a',
        finishedAt: 'b',
        questions: [{ id: `i${ch}`, correct: true }],
        student: `S${ch}`,
      }),
    );
    expectNeutral(await run(['grade', join(dir, 'named.json')], home), 'grade with a crafted report');
  });

  it('progress (the corrupt-progress warning quotes the file)', async () => {
    writeFileSync(join(home, 'progress.json'), `{"x": 1 ${ch}}`);
    const r = await run(['progress'], home);
    expectNeutral(r, 'progress', []);
    expect(r.stderr).toMatch(/could not be read/);
  });
});
