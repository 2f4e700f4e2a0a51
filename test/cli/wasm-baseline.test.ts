/**
 * src/cli/load-app.ts: WebAssembly goes on V8's baseline compiler before the
 * Ink app is imported, so Ink's
 * layout engine never gets the optimising recompile (platform/wasm-baseline.ts:
 * 4-6 MB of a screen's idle peak). A flag set after the module compiled would
 * do nothing, hence the order; and no path to the app skips the loader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const order: string[] = [];
vi.mock('../../src/platform/wasm-baseline.js', () => ({
  compileWasmWithBaselineOnly: vi.fn(async () => {
    order.push('wasm on baseline');
  }),
}));
vi.mock('../../src/ui/run-app.js', () => {
  order.push('run-app loaded');
  return { runApp: vi.fn() };
});

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('loading the Ink app', () => {
  it('sets the baseline-only flag before the app module loads', async () => {
    const { loadRunApp } = await import('../../src/cli/load-app.js');
    await loadRunApp();
    expect(order).toEqual(['wasm on baseline', 'run-app loaded']);
  });

  it('every import of the app in src/cli goes through load-app.ts', () => {
    const direct = sources('src/cli')
      .filter((f) => !f.endsWith('load-app.ts'))
      .filter((f) => /import\(['"][./]*ui\/(run-app|screens\/index)\.js['"]\)/.test(readFileSync(join(root, f), 'utf8')));
    expect(direct).toEqual([]);
  });
});
