/**
 * D1 (issue 38): sittings submitted at one instant into one data directory
 * each keep their report. The history's file name is the finish time to the
 * millisecond, so three processes saving 50 reports each with one finishedAt
 * all want the same name; before the fix a rename replaced the other's file
 * (44 of 150 records lost). Each save must now take a name of its own.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, runChild } from '../helpers/child-bundle.js';
import { waitUntil } from '../helpers/wait-until.js';

let script: string;
beforeAll(() => {
  script = bundleChild('report-saver');
});

const CHILDREN = 3;
const EACH = 50;

describe('quiz history names (D1)', { timeout: 120_000 }, () => {
  it('three processes saving 50 same-instant reports each lose none', async () => {
    const home = mkdtempSync(join(process.env.FENCE_TUTOR_HOME ?? '/tmp', 'd1-'));
    const go = join(home, 'go');
    const finishedAt = '2026-01-01T00:00:00.000Z';
    const children = Array.from({ length: CHILDREN }, (_, c) => runChild(script, [`c${c}`, String(EACH), go, finishedAt], { FENCE_TUTOR_HOME: home }));
    await waitUntil(() => children.every((c) => c.output().includes('ready\n')), { every: 5, timeout: 60_000, what: 'every saver to start' });
    writeFileSync(go, '');
    const results = await Promise.all(children.map((c) => c.done));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const folder = join(home, 'reports');
    const names = readdirSync(folder);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const students = names.map((n) => (JSON.parse(readFileSync(join(folder, n), 'utf8')) as { student: string }).student);
    expect(new Set(students).size).toBe(CHILDREN * EACH);
  });
});
