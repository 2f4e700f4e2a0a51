/**
 * A terminal without a UTF-8 locale (LANG=C, an old terminal or a bare
 * container) gets ASCII from every frame, including the glyphs no screen
 * chose: Ink cuts a truncated line with '…', which run-app's asciiOnly
 * folds. The challenge screen at 80x24 cuts its "You may" line, and the
 * Lessons list drew ink-select-input's '❯'.
 */
import { describe, expect, it } from 'vitest';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

const tt = tutorTerminal('ascii-locale');
const NON_ASCII = /[^\x00-\x7f]/;

describe.skipIf(!tt.enabled)('LANG=C', () => {
  it('no non-ASCII glyph reaches the terminal on a challenge or the Lessons list', async () => {
    const term = await tt.start('challenge lose-b-update', { cols: 80, rows: 24, env: { LANG: 'C', LC_ALL: 'C' } });
    const challenge = await term.waitFor('You may:');
    expect(challenge).toMatch(/You may: .*~$/m);
    expect(challenge).not.toMatch(NON_ASCII);
    const menu = await tt.start('', { cols: 80, rows: 24, env: { LANG: 'C', LC_ALL: 'C' } });
    const home = await menu.waitFor('2 Lessons');
    expect(home).not.toMatch(NON_ASCII);
    await menu.send('2');
    const lessons = await menu.waitFor(/> 1\.\s+The stale holder/);
    expect(lessons).not.toMatch(NON_ASCII);
  });
});
