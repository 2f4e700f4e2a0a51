/**
 * The new-user test: pack the tarball as `npm publish` would, install it into
 * an empty prefix as `npx` would, and from an unrelated working directory
 * (holding decoy lessons/, quizzes/ and scenarios/ folders, which must be
 * ignored) run what a learner and an instructor run first. Nothing here reads
 * the working tree's src/ or dist/: only the installed package.
 *
 * Serial project (test/README.md): it starts many processes and a tmux server.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleIsStale, ensureBuilt } from '../helpers/build-once.js';
import { shellQuote } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';
import { waitUntil } from '../helpers/wait-until.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '../..');
const tt = tutorTerminal('pack');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };

let base: string;
let tarball: string;
let installedBin: string;
let userCwd: string;
let home: string;

/** The outer `npm test` exports npm_* settings (prefix, local prefix, ...) that would steer a nested npm. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const keep = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.toLowerCase().startsWith('npm_') || keep.has(k.toLowerCase())) env[k] = v;
  }
  return env;
}

function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...npmEnv(), FENCE_TUTOR_HOME: home, LANG: 'C.UTF-8', ...extra };
  delete env.CI;
  delete env.NO_COLOR;
  return env;
}

/** The installed command, run from the user's own directory, never a TTY. */
function tutor(args: string[], timeout = 60_000): SpawnSyncReturns<string> {
  return spawnSync(installedBin, args, { cwd: userCwd, env: userEnv(), encoding: 'utf8', timeout });
}

function json<T>(r: SpawnSyncReturns<string>): T {
  expect(r.error, String(r.error)).toBeUndefined();
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'fence-tutor-pack-'));
  const packDir = join(base, 'pack');
  const prefix = join(base, 'prefix');
  userCwd = join(base, 'somewhere-else');
  home = join(base, 'home');
  for (const d of [packDir, prefix, userCwd, home]) mkdirSync(d, { recursive: true });
  // Decoys: if the tool looked in the working directory, these would break it.
  for (const kind of ['lessons', 'quizzes', 'scenarios']) {
    mkdirSync(join(userCwd, kind));
    writeFileSync(join(userCwd, kind, 'manifest.yaml'), ': not [valid yaml\n');
    writeFileSync(join(userCwd, kind, 'late-write.yaml'), 'id: late-write\nsteps: nonsense\n');
  }

  // The tarball holds the dist/ this run built (test/global-setup.ts builds it
  // once, afresh when src/ changed): `prepack` would only build it again (the
  // same build; scripts/build.mjs drops earlier outputs every time), so pack skips it.
  ensureBuilt();
  expect(bundleIsStale(), 'dist/ is older than src/: the global setup builds it').toBe(false);
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir, '--silent'], {
    cwd: root,
    env: npmEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
  const tgz = readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
  expect(tgz).toEqual([`${pkg.name}-${pkg.version}.tgz`]);
  tarball = join(packDir, tgz[0]!);

  // Offline-friendly: the only runtime dependency is in the npm cache already.
  execFileSync('npm', ['install', '--prefix', prefix, tarball, '--no-audit', '--no-fund', '--prefer-offline', '--silent'], {
    cwd: base,
    env: npmEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 180_000,
  });
  installedBin = join(prefix, 'node_modules', '.bin', 'fence-tutor');
}, 300_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the bin, dist, content, README and LICENSE, and no sources or tests', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    for (const must of [
      'package.json',
      'bin/fence-tutor.js',
      'bin/package.json',
      'dist/cli.cjs',
      'dist/content/shipped.json',
      'dist/content/bank-all.json',
      'README.md',
      'LICENSE',
    ]) {
      expect(files).toContain(must);
    }
    for (const dir of ['lessons/', 'quizzes/', 'scenarios/', 'exercises/', 'dist/chunks/', 'dist/esm/']) {
      expect(
        files.some((f) => f.startsWith(dir)),
        `${dir} is packed`,
      ).toBe(true);
    }
    expect(files.some((f) => f.startsWith('scenarios/late-write.'))).toBe(true);
    const forbidden = files.filter((f) => /^(src|test|scripts|coverage|bench|\.ci|\.tmp|node_modules|docs\/images)\//.test(f) || f.endsWith('.ts'));
    expect(forbidden).toEqual([]);
  });

  // Issues 35 and 36: the Redis, ZooKeeper and PostgreSQL clients are bundled (in lazily loaded parts); 1.5 MB is the bound.
  it('is smaller than 1.5 MB packed', () => {
    expect(statSync(tarball).size).toBeLessThan(1_500_000);
  });

  it('installs with one runtime dependency, node-sqlite3-wasm', () => {
    const installed = JSON.parse(readFileSync(join(installedBin, '..', '..', pkg.name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(installed.dependencies ?? {})).toEqual(['node-sqlite3-wasm']);
  });
});

describe('a new user, from another directory', () => {
  it('--version and --help work', () => {
    const v = tutor(['--version']);
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout.trim()).toBe(pkg.version);
    const h = tutor(['--help']);
    expect(h.status, h.stderr).toBe(0);
    for (const cmd of ['lessons', 'lesson', 'sim', 'explore', 'quiz', 'lab', 'validate']) expect(h.stdout).toContain(cmd);
  });

  it('sim --scenario late-write --json prints the spec object', () => {
    type Token = [number, number];
    const out = json<{
      scenario: string;
      config: Record<string, unknown>;
      grants: { t: number; actor: string; token: Token }[];
      writes: { actor: string; value: string; token: Token | null; result: string }[];
      events: { t: number; kind: string }[];
      final: { value: string | null; hwm: Token | null };
      staleAcceptances: number;
    }>(tutor(['sim', '--scenario', 'late-write', '--json']));
    expect(out.scenario).toBe('late-write');
    expect(out.config).toMatchObject({ ttl: 10, keepalive: true, fencing: true, minting: 'durable', check: 'atomic' });
    expect(out.grants.map((g) => [g.t, g.actor, g.token])).toEqual([
      [0, 'A', [0, 1]],
      [11, 'B', [0, 2]],
    ]);
    const late = out.writes.at(-1);
    expect(late).toMatchObject({ actor: 'A', value: '1', token: [0, 1], result: 'rejected' });
    expect(out.final).toEqual({ value: '100', hwm: [0, 2] });
    expect(out.staleAcceptances).toBe(0);
    expect(out.events.length).toBeGreaterThan(0);

    const off = json<{ final: { value: string }; staleAcceptances: number }>(tutor(['sim', '--scenario', 'late-write', '--fencing', 'off', '--json']));
    expect(off.final.value).toBe('1');
    expect(off.staleAcceptances).toBeGreaterThan(0);
  });

  it("uses the build's snapshot of the shipped content: validate loads no ESM part (the files installed are the files built)", () => {
    const r = spawnSync(installedBin, ['validate'], { cwd: userCwd, env: { ...userEnv(), NODE_DEBUG: 'esm' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^OK: /);
    expect(r.stderr).not.toMatch(/Storing file:/);
  });

  it('lessons --json lists the curriculum, and lesson 1 --plain prints it at 80 columns', () => {
    const { lessons } = json<{ lessons: { id: string; title: string; minutes: number }[] }>(tutor(['lessons', '--json']));
    expect(lessons.length).toBeGreaterThanOrEqual(11);
    for (const l of lessons) {
      expect(typeof l.id).toBe('string');
      expect(typeof l.title).toBe('string');
      expect(typeof l.minutes).toBe('number');
    }
    const r = tutor(['lesson', '1', '--plain']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(lessons[0]!.title);
    expect(r.stdout.length).toBeGreaterThan(500);
    // A URL wider than the line stands whole on a line of its own (never cut, so it copies): the one exception.
    const loneUrl = (line: string) => /^\s*(\S+:\/\/\S+)$/.test(line);
    const tooLong = r.stdout.split('\n').filter((line) => [...line].length > 80 && !loneUrl(line));
    expect(tooLong).toEqual([]);
    expect(r.stdout).not.toContain('\u001b');
  });

  type Answer = number | number[];
  interface KeyQuestion {
    id: string;
    type: string;
    prompt: string;
    options: string[];
    answer: Answer;
  }

  function answerKey(seed: number): KeyQuestion[] {
    const out = json<{ seed: number; questions: KeyQuestion[] }>(tutor(['quiz', '--export', 'json', '--seed', String(seed)]));
    expect(out.seed).toBe(seed);
    return out.questions;
  }

  /** A wrong answer of the right shape for each kind. */
  function wrong(q: KeyQuestion): Answer {
    if (Array.isArray(q.answer)) {
      if (q.type === 'ordering') return [...q.answer].reverse();
      if (q.answer.length > 1) return q.answer.slice(0, -1);
      const other = q.options.findIndex((_, i) => !(q.answer as number[]).includes(i));
      return [...q.answer, other];
    }
    return (q.answer + 1) % q.options.length;
  }

  it('quiz --export json prints the answer key of the whole bank', () => {
    const questions = answerKey(0);
    expect(questions.length).toBeGreaterThanOrEqual(40);
    for (const q of questions) {
      expect(q).toMatchObject({ id: expect.any(String), type: expect.any(String), prompt: expect.any(String) });
      expect(Array.isArray(q.options)).toBe(true);
      expect(q).toHaveProperty('explanation');
      expect(q).toHaveProperty('source');
      expect(q).toHaveProperty('tags');
      expect(q).toHaveProperty('difficulty');
    }
    const kinds = new Set(questions.map((q) => q.type));
    for (const kind of ['single', 'multiple', 'truefalse', 'ordering', 'predict']) expect(kinds).toContain(kind);
  });

  it('an exam sat through --answers passes with the key (exit 0) and fails with wrong answers (exit 1)', () => {
    const seed = 7;
    const key = answerKey(seed);
    const sit = (answers: Record<string, Answer>, name: string) => {
      const answersFile = join(base, `${name}-answers.json`);
      const reportFile = join(base, `${name}-report.json`);
      writeFileSync(answersFile, JSON.stringify({ answers }));
      const r = tutor(['quiz', '--mode', 'exam', '--seed', String(seed), '--student', name, '--answers', answersFile, '--report', reportFile]);
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Record<string, unknown> & {
        questions: { id: string; correct: boolean }[];
      };
      return { r, report };
    };

    const good = sit(Object.fromEntries(key.map((q) => [q.id, q.answer])), 'ada');
    expect(good.r.status, good.r.stderr).toBe(0);
    expect(good.report).toMatchObject({
      version: pkg.version,
      seed,
      mode: 'exam',
      student: 'ada',
      score: 100,
      passed: true,
    });
    expect(good.report).toHaveProperty('schemaVersion');
    expect(good.report).toHaveProperty('contentHash');
    expect(good.report.questions).toHaveLength(key.length);
    expect(good.report.questions.every((q) => q.correct)).toBe(true);

    const bad = sit(Object.fromEntries(key.map((q) => [q.id, wrong(q)])), 'bob');
    expect(bad.r.status, bad.r.stderr).toBe(1);
    expect(bad.report).toMatchObject({ mode: 'exam', student: 'bob', score: 0, passed: false });
  });

  it('the lab with the embedded coordinator shows the late write, plain and fenced (--json)', () => {
    const out = json<{
      coordinator: string;
      ttlMs: number;
      tokens: { A: number; B: number };
      modes: { plain: { final: { value: string } }; fenced: { final: { value: string }; lateWrite: { accepted: boolean } } };
      verdict: string;
      outDir: string;
    }>(tutor(['lab', '--json', '--out', join(base, 'lab-evidence')], 120_000));
    expect(out.verdict).toBe('expected');
    expect(out.tokens.B).toBeGreaterThan(out.tokens.A);
    expect(out.modes.plain.final.value).toBe('A-late');
    expect(out.modes.fenced.final.value).toBe('B-current');
    expect(out.modes.fenced.lateWrite.accepted).toBe(false);
    for (const f of ['run.json', 'report.txt', 'timeline.txt']) {
      expect(statSync(join(base, 'lab-evidence', f)).size).toBeGreaterThan(0);
    }
  }, 150_000);

  it("an exercise: the installed tutor writes the starter into the user's directory and imports the user's file from there as a real module", () => {
    const dir = join(userCwd, 'my-exercise');
    const started = tutor(['exercise', 'start', 'fence-the-sink', '--dir', dir]);
    expect(started.status, started.stderr).toBe(0);
    const failing = tutor(['exercise', 'check', 'fence-the-sink', '--dir', dir, '--ttl', '0.3', '--json'], 120_000);
    expect(failing.status, failing.stderr).toBe(1);
    // The learner's own code, in their directory, importing a module of their own beside it: a real ES module.
    writeFileSync(join(dir, 'compare.mjs'), 'export const stale = (token, mark) => token < mark;\n');
    const solution = readFileSync(join(installedBin, '..', '..', pkg.name, 'exercises', 'fence-the-sink', 'solution.mjs'), 'utf8');
    writeFileSync(join(dir, 'sink.mjs'), `import { stale } from './compare.mjs';\n${solution.replace('request.token < mark', 'stale(request.token, mark)')}`);
    const out = json<{ passed: boolean; checks: { status: string }[] }>(
      tutor(['exercise', 'check', 'fence-the-sink', '--dir', dir, '--ttl', '0.3', '--json'], 120_000),
    );
    expect(out.passed).toBe(true);
    expect(out.checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
  }, 150_000);

  it.skipIf(!tt.enabled)(
    'in a real terminal: home screen, the simulator, fencing toggled, quit',
    async () => {
      // Explicit size (a pty with no size makes Ink render at width 0); the helper removes CI.
      // The installed command, from the user's own directory.
      const term = await tt.start('', { cols: 100, rows: 30, cwd: userCwd, program: shellQuote(installedBin), env: { FENCE_TUTOR_HOME: home } });
      try {
        await term.waitFor(/Simulator/);
        await term.waitFor(/Quit/);
        await term.send('3'); // home: digits jump to an entry; 3 is Simulator
        await term.waitFor(/late-write|worker that came back/i);
        await term.send('Enter');
        const before = await term.waitFor(/fencing\s+(ON|OFF)/i);
        const wasOn = /fencing\s+ON/i.test(before);
        await term.send('f');
        await term.waitFor(wasOn ? /fencing\s+OFF/i : /fencing\s+ON/i);
        // q goes back, and quits from home.
        for (let i = 0; i < 5 && term.alive(); i++) {
          const before = term.screen();
          await term.send('q');
          // The next screen, or the end: as soon as either shows (a q the app missed is sent again).
          await waitUntil(() => !term.alive() || term.screen() !== before, { timeout: 2000 }).catch(() => undefined);
        }
        expect(await term.waitForExit(), term.screen()).toBe(0);
      } finally {
        await term.kill();
      }
    },
    90_000,
  );
});
