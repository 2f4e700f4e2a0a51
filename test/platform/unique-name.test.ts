import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeNewDir, writeNewFile } from '../../src/platform/unique-name.js';

describe('unique names (issue 38, D1/D2)', () => {
  it('writeNewFile never replaces a file that holds the name: it takes the next suffix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unique-'));
    writeFileSync(join(dir, 'r.json'), 'theirs');
    const a = writeNewFile(dir, 'r', '.json', 'a');
    const b = writeNewFile(dir, 'r', '.json', 'b');
    expect([a, b]).toEqual([join(dir, 'r-2.json'), join(dir, 'r-3.json')]);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe('theirs');
    expect(readFileSync(b, 'utf8')).toBe('b');
    expect(readdirSync(dir).sort()).toEqual(['r-2.json', 'r-3.json', 'r.json']);
  });

  it('makeNewDir makes a folder that did not exist, never returns an existing one', () => {
    const parent = mkdtempSync(join(tmpdir(), 'unique-'));
    const first = makeNewDir(parent, 'run');
    const second = makeNewDir(parent, 'run');
    expect(first).toBe(join(parent, 'run'));
    expect(second).toBe(join(parent, 'run-2'));
  });
});
