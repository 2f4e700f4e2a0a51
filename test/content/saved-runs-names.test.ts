/**
 * "Your runs" names each saved file that does not load. The file name is
 * data: a run shared by someone else keeps its name, and a name can hold an
 * escape sequence (it reached the terminal raw: the window title changed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listSavedRuns, savedRunName } from '../../src/content/scenario/saved-runs.js';
import { isNeutral } from '../../src/core/neutralise.js';

const home = mkdtempSync(join(tmpdir(), 'fence-saved-runs-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('saved runs that do not load', () => {
  it('are named with the file name neutralised', () => {
    mkdirSync(join(home, 'runs'));
    writeFileSync(join(home, 'runs', 'x\u001b]0;PWNED\u0007\u202eevil.yaml'), 'id: [bad\n');
    const { runs, problems } = listSavedRuns({ FENCE_TUTOR_HOME: home });
    expect(runs).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^x<U\+202E>evil\.yaml:2: /);
    expect(isNeutral(problems[0]!)).toBe(true);
  });

  it('a run that loads is listed by its file name, neutralised', () => {
    const other = mkdtempSync(join(tmpdir(), 'fence-saved-runs-'));
    mkdirSync(join(other, 'runs'));
    writeFileSync(join(other, 'runs', 'mine\u001b]0;PWNED\u0007\u2066.yaml'), 'id: my-run\nsteps:\n  - { at: 0, actor: A, do: acquire }\n');
    const { runs, problems } = listSavedRuns({ FENCE_TUTOR_HOME: other });
    expect(problems).toEqual([]);
    expect(runs.map(savedRunName)).toEqual(['mine<U+2066>.yaml']);
    rmSync(other, { recursive: true, force: true });
  });
});
