import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../helpers/cli-in-process.js';

describe('fence-tutor sim', () => {
  it('--json prints the spec object for late-write and nothing else', async () => {
    const r = await run(['sim', '--scenario', 'late-write', '--json']);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.scenario).toBe('late-write');
    expect(json.grants).toEqual([
      { t: 0, actor: 'A', token: [0, 1] },
      { t: 11, actor: 'B', token: [0, 2] },
    ]);
    expect(json.writes.map((w: { result: string }) => w.result)).toEqual(['accepted', 'accepted', 'rejected']);
    expect(json.final).toEqual({ value: '100', hwm: [0, 2] });
    expect(json.staleAcceptances).toBe(0);
  });

  it('applies the toggles', async () => {
    const json = JSON.parse((await run(['sim', '--scenario', 'late-write', '--fencing', 'off', '--json'])).stdout);
    expect(json.config.fencing).toBe(false);
    expect(json.final).toEqual({ value: '1', hwm: null });
    expect(json.staleAcceptances).toBe(1);
    const v = JSON.parse((await run(['sim', '--scenario', 'allocator-failover', '--minting', 'volatile', '--json'])).stdout);
    expect(v.config.minting).toBe('volatile');
    expect(v.grants.at(-1).token).toEqual([0, 1]);
    const s = JSON.parse((await run(['sim', '--scenario', 'late-write', '--check', 'split', '--json'])).stdout);
    expect(s.config.check).toBe('split');
  });

  it('runs a --scenario-file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-sim-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, 'id: mine\nsteps:\n  - { at: 0, actor: A, do: acquire }\n  - { at: 1, actor: A, do: write, value: "x" }\n');
    const r = await run(['sim', '--scenario-file', file, '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).final).toEqual({ value: 'x', hwm: [0, 1] });
  });

  it('prints the timeline and the outcome in words without a TTY', async () => {
    const r = await run(['sim', '--scenario', 'late-write']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('coordinator');
    expect(r.stdout).toContain("t=11: A's lease ends while A is paused; B is granted the lock with token 2.");
    expect(r.stdout).toContain('The sink ends at "100" (from B)');
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });

  it('--narrate prints one sentence per event and no drawing', async () => {
    const r = await run(['sim', '--scenario', 'late-write', '--narrate']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("t=11: A's lease ends while A is paused.\nt=11: B is granted the lock with token 2.");
    expect(r.stdout).not.toContain('coordinator');
  });

  it('--plain --ascii prints ASCII only', async () => {
    const r = await run(['sim', '--scenario', 'late-write', '--plain', '--ascii']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it.each([
    [['sim', '--scenario', 'late-write', '--fencing', 'maybe'], /--fencing.*on, off/],
    [['sim', '--scenario', 'late-write', '--minting', 'x'], /--minting.*durable, volatile/],
    [['sim', '--scenario', 'late-write', '--check', 'x'], /--check.*atomic, split/],
    [['sim'], /--scenario ID.*--scenario-file FILE/],
    [['sim', '--scenario', 'late-write', '--scenario-file', 'x.yaml'], /not both/],
    [['sim', '--scenario', 'no-such'], /no scenario named "no-such".*late-write/],
    [['sim', '--scenario', '/tmp/my-run.yaml'], /no scenario named .*Fix: a file of your own goes to --scenario-file FILE/],
    [['sim', '--scenario-file', '/nonexistent/x.yaml'], /x\.yaml: no such file/],
    [['sim', '--scenario', 'late-write', '--bogus'], /unknown option/],
  ])('refuses %j with exit 2', async (args, message) => {
    const r = await run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('--help shows an example', async () => {
    const r = await run(['sim', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('$ fence-tutor sim --scenario late-write');
  });
});
