/**
 * The built bundle carries string-width's guard (scripts/string-width-patch.mjs)
 * in both copies Ink uses: read from dist/, so it runs after the build, with
 * the processes tier (test/build/string-width-patch.test.ts checks the guard's widths).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAY_BE_EMOJI } from '../../scripts/string-width-patch.mjs';
import { ensureBuilt, root } from '../cli/cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const COPIES = ['8.x', '7.x (wrap-ansi)'];

describe('string-width in the bundle', () => {
  it('the built bundle carries the guard in both copies', () => {
    ensureBuilt();
    const chunks = join(root, 'dist/chunks');
    // The set difference is the guard's alone (esbuild may write the literal as new RegExp(...)).
    const guard = /p\{Emoji\}--/g;
    expect(MAY_BE_EMOJI).toMatch(guard);
    const found = readdirSync(chunks)
      .map((name) => readFileSync(join(chunks, name), 'utf8'))
      .reduce((n, code) => n + (code.match(guard)?.length ?? 0), 0);
    expect(found).toBe(COPIES.length);
  });
});
