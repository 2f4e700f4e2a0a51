/**
 * A terminal without a UTF-8 locale (LANG=C, an old terminal or a bare
 * container) gets ASCII from every frame: the Lessons list drew
 * ink-select-input's '❯', and the challenge screen's lines were cut with
 * Ink's '…' (they are wrapped now; run-app's asciiOnly folds any such
 * glyph a screen still lets through: test/ui/display-modes.test.tsx).
 */
import { describe, expect, it, vi } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('ascii-locale');
const NON_ASCII = /[^\x00-\x7f]/;

describe.skipIf(!tt.enabled)('LANG=C', () => {
  it('no non-ASCII glyph reaches the terminal on a challenge or the Lessons list', async () => {
    const term = await tt.start('challenge short-lease', { cols: 80, rows: 24, env: { LANG: 'C', LC_ALL: 'C' } });
    const challenge = await term.waitFor('You may:');
    expect(challenge).not.toMatch(NON_ASCII);
    const menu = await tt.start('', { cols: 80, rows: 24, env: { LANG: 'C', LC_ALL: 'C' } });
    const home = await menu.waitFor('2 Lessons');
    expect(home).not.toMatch(NON_ASCII);
    await menu.send('2');
    const lessons = await menu.waitFor(/> 1\.\s+The stale holder/);
    expect(lessons).not.toMatch(NON_ASCII);
  });
});
