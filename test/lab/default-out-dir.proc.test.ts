/**
 * D2 (issue 38): labs started at one instant each get an evidence folder of
 * their own. The default --out was the start time to the millisecond, so
 * two runs could share one sink.sqlite ("database is locked", a wrong
 * verdict, one run.json for two runs). Three processes asking for 20 folders
 * each, together, must get 60 different folders, each made.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, runChild } from '../helpers/child-bundle.js';
import { waitUntil } from '../helpers/wait-until.js';

let script: string;
beforeAll(() => {
  script = bundleChild('out-dir-maker');
});

describe('default evidence folders (D2)', { timeout: 120_000 }, () => {
  it('concurrent labs never share a default --out', async () => {
    const home = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? '/tmp', 'd2-'));
    const go = join(home, 'go');
    const children = Array.from({ length: 3 }, () => runChild(script, ['20', go], { FENCE_TUTOR_HOME: home }));
    await waitUntil(() => children.every((c) => c.output().includes('ready\n')), { every: 5, timeout: 60_000, what: 'every child to start' });
    writeFileSync(go, '');
    const results = await Promise.all(children.map((c) => c.done));
    const dirs = results.flatMap((r) => {
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout.split('\n')[1]!) as string[];
    });
    expect(new Set(dirs).size).toBe(60);
    for (const d of dirs) expect(statSync(d).isDirectory()).toBe(true);
  });
});
