/**
 * The layer check (scripts/check-layers.mjs, run by `npm run lint`): the real
 * tree passes, and a tree with a wrong-way import fails naming the file, the
 * line, the import and the rule (issue 15, "Layers, enforced").
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations, LAYERS } from '../../scripts/check-layers.mjs';

const root = resolve(import.meta.dirname, '../..');
const script = join(root, 'scripts', 'check-layers.mjs');
let fixture: string | undefined;

function tree(files: Record<string, string>): string {
  fixture = mkdtempSync(join(tmpdir(), 'fence-layers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  }
  return fixture;
}

afterEach(() => {
  if (fixture) rmSync(fixture, { recursive: true, force: true });
  fixture = undefined;
});

describe('the layer check', () => {
  it('passes the real tree, and every folder of src/ is in the matrix', () => {
    expect(findViolations(root)).toEqual([]);
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory());
    for (const d of folders) expect(Object.keys(LAYERS), `src/${d.name}`).toContain(d.name);
  });

  it('fails on core importing ui, naming the file, the line, the import and the rule (exit 1)', () => {
    const dir = tree({
      'src/ui/app.ts': "import { step } from '../core/engine.js';\nexport const app = step;\n",
      'src/core/engine.ts': "export const step = 1;\n\nimport { app } from '../ui/app.js';\nexport const again = app;\n",
    });
    const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("src/core/engine.ts:3: imports '../ui/app.js' (ui): core may import nothing of ours; not ui");
    expect(run.stderr).toContain('1 wrong-way import');
    // ui importing core is the allowed direction: not reported.
    expect(run.stderr).not.toContain('src/ui/app.ts');
  });

  it('sees export-from, type-only and dynamic imports, and folders missing from the matrix', () => {
    const dir = tree({
      'src/cli/terminal.ts': 'export interface Display { ascii: boolean }\n',
      'src/content/a.ts': "export { x } from '../render/wrap.js';\n",
      'src/render/wrap.ts': 'export const x = 1;\n',
      'src/lab/b.ts': "export async function f() {\n  return import('../store/s.js');\n}\n",
      'src/store/s.ts': 'export const s = 1;\n',
      'src/ui/theme.ts': "import type { Display } from '../cli/terminal.js';\nexport type T = Display;\n",
      'src/extras/c.ts': "import { s } from '../store/s.js';\nexport const c = s;\n",
    });
    const found = findViolations(dir).map((v) => `${v.file}:${v.line} ${v.to}`);
    expect(found.sort()).toEqual(['src/content/a.ts:1 render', 'src/extras/c.ts:1 store', 'src/lab/b.ts:2 store', 'src/ui/theme.ts:1 cli']);
    expect(findViolations(dir).find((v) => v.from === 'extras')?.rule).toContain('not in the layer matrix');
  });
});
