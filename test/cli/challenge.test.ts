/**
 * `fence-tutor challenges` and `challenge ID --check FILE`: the exit table
 * (0 solved, 1 not solved, 2 bad input), the verdict in words and JSON, and
 * the solve kept in progress (fewest acts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './cli-run.js';
import { runCliInProcess as runCli } from '../helpers/cli-in-process.js';

const home = mkdtempSync(join(tmpdir(), 'fence-tutor-challenge-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const run = (args: string[]) => runCli(args, { FENCE_TUTOR_HOME: home });

const LATE_WRITE_STEPS = `steps:
  - { at: 0,  actor: A, do: acquire }
  - { at: 1,  actor: A, do: write, value: "0" }
  - { at: 2,  actor: A, do: pause }
  - { at: 3,  actor: B, do: acquire }
  - { at: 14, actor: B, do: write, value: "100" }
  - { at: 31, actor: A, do: resume }
  - { at: 31, actor: A, do: write, value: "1" }
`;
function runFile(name: string, text: string): string {
  const file = join(home, name);
  writeFileSync(file, text);
  return file;
}

describe('fence-tutor challenge ID --check FILE', () => {
  it('exits 1 and says which part of the goal failed for an unsolved run', async () => {
    const file = runFile('start.yaml', `id: my-run\n${LATE_WRITE_STEPS}`);
    const r = await run(['challenge', 'lose-b-update', '--check', file]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('Not solved: final: wanted "1"; the run gives "100"');
  });

  it('exits 0 when solved, saying acts against par, and keeps the fewest acts in progress', async () => {
    // Two acts: fencing off, and a resume of A when it already runs (par is 1).
    const over = runFile('over.yaml', `id: my-run\nconfig: { fencing: false }\n${LATE_WRITE_STEPS}  - { at: 40, actor: A, do: resume }\n`);
    const r = await run(['challenge', 'lose-b-update', '--check', over, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ challenge: 'lose-b-update', solved: true, acts: 2, par: 1, overPar: true, misses: [] });
    const atPar = runFile('par.yaml', `id: my-run\nconfig: { fencing: false }\n${LATE_WRITE_STEPS}`);
    const p = await run(['challenge', 'lose-b-update', '--check', atPar]);
    expect(p.status, p.stderr).toBe(0);
    expect(p.stdout).toContain('Solved in 1 act, at par (1).');
    const list = JSON.parse((await run(['challenges', '--json'])).stdout) as { challenges: { id: string; status: string; fewestActs: number | null }[] };
    expect(list.challenges.find((c) => c.id === 'lose-b-update')).toMatchObject({ status: 'solved', fewestActs: 1 });
    expect(list.challenges.find((c) => c.id === 'fence-it')).toMatchObject({ status: 'unsolved', fewestActs: null });
    const progress = JSON.parse((await run(['progress', '--json'])).stdout) as { challengesSolved: number };
    expect(progress.challengesSolved).toBe(1);
  });

  it('exits 2 for a step kind or a toggle the challenge does not allow, naming the line', async () => {
    const file = runFile('forbidden.yaml', `id: my-run\nconfig:\n  minting: volatile\n${LATE_WRITE_STEPS}  - { at: 40, actor: coordinator, do: failover }\n`);
    const r = await run(['challenge', 'lose-b-update', '--check', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${file}:12: challenge "lose-b-update" does not allow an added \`failover\` step`);
    expect(r.stderr).toContain(`${file}:3: challenge "lose-b-update" does not allow a change of \`minting\``);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for a missing file, an invalid scenario and an unknown challenge', async () => {
    const missing = await run(['challenge', 'lose-b-update', '--check', join(home, 'nope.yaml')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const bad = runFile('bad.yaml', 'id: my-run\nsteps:\n  - { at: -1, actor: A, do: acquire }\n');
    const invalid = await run(['challenge', 'lose-b-update', '--check', bad]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain(`${bad}:3:`);
    const unknown = await run(['challenge', 'no-such-challenge', '--check', bad]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no challenge "no-such-challenge"');
  });
});

describe('fence-tutor challenges', () => {
  it('lists at least 12 challenges in lesson order, with par', async () => {
    const r = await run(['challenges', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const { challenges } = JSON.parse(r.stdout) as { challenges: { id: string; lesson: string; par: number }[] };
    expect(challenges.length).toBeGreaterThanOrEqual(12);
    expect(challenges[0]).toMatchObject({ id: 'lose-b-update', lesson: 'stale-holder', par: 1 });
    expect(challenges.some((c) => c.id === 'atomic-proof')).toBe(true);
  });

  it('states a challenge without a terminal', async () => {
    const r = await run(['challenge', 'atomic-proof']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('a proof challenge');
    expect(r.stdout).toContain('Goal: rejected writes from exactly A; the explorer has checked every ordering.');
  });
});

describe("an instructor's challenges", () => {
  const course = join(home, 'course');
  const mine = join(course, 'challenges', 'mine.yaml');
  const shipped = readFileSync(join(root, 'challenges', '03-fence-it.yaml'), 'utf8').replace('id: fence-it', 'id: my-fence');

  it('validate names the file and line of each problem and exits 2', async () => {
    mkdirSync(join(course, 'challenges'), { recursive: true });
    writeFileSync(mine, shipped.replace('par: 1', 'par: 3').replace('lesson: token-contract', 'lesson: no-such-lesson'));
    const r = await run(['validate', join(course, 'challenges')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/mine\.yaml:4: the challenge names lesson "no-such-lesson", which is not a lesson\. Fix: /);
    expect(r.stderr).toMatch(/mine\.yaml:\d+: par is 3, but the solution takes 1 act\. Fix: write `par: 1`/);
    expect(r.stdout).toBe('');
  });

  it('--content DIR lists them after the shipped ones, marked local, once they validate', async () => {
    mkdirSync(join(course, 'challenges'), { recursive: true });
    writeFileSync(mine, shipped);
    const r = await run(['--content', course, 'challenges', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const { challenges } = JSON.parse(r.stdout) as { challenges: { id: string; local?: boolean }[] };
    expect(challenges.at(-1)).toMatchObject({ id: 'my-fence', local: true });
  });
});
