/**
 * The scenario picker keeps one line per scenario at 80 columns: a long
 * title from --content (here 400 characters, hidden characters included)
 * wrapped under the ids over three lines and pushed the rest of the list
 * down. It is cut at the edge instead.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { NO_GLOBAL_FLAGS } from '../../src/platform/global-flags.js';
import { renderApp, waitForFrame } from '../helpers/ink.js';

const content = mkdtempSync(join(tmpdir(), 'fence-picker-title-'));
afterEach(() => cleanup());
afterAll(() => rmSync(content, { recursive: true, force: true }));

describe('the scenario picker with a long title', () => {
  it('shows each scenario on one line, cut at the edge', async () => {
    mkdirSync(join(content, 'scenarios'));
    const title = `Long ${'word \u202e '.repeat(60)}end`;
    writeFileSync(join(content, 'scenarios', 'long.yaml'), `id: aaa-long\ntitle: ${JSON.stringify(title)}\nsteps:\n  - { at: 0, actor: A, do: acquire }\n`);
    const { lastFrame } = await renderApp({ screen: 'simulator' }, { size: { columns: 80, rows: 24 }, flags: { ...NO_GLOBAL_FLAGS, content } });
    const frame = await waitForFrame(lastFrame, 'pick a scenario');
    const lines = frame.split('\n');
    const at = lines.findIndex((l) => l.includes('aaa-long'));
    expect(at, frame).toBeGreaterThanOrEqual(0);
    expect(lines[at]).toMatch(/Long word <U\+202E> word/);
    // The next line is the next scenario, not the rest of the title.
    expect(lines[at + 1]).toMatch(/^\s+[a-z][a-z0-9-]+\s{2,}\S/);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
  });
});
