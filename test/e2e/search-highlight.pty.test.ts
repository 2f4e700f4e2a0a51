/**
 * Issue 16: after a search jump in the reader, the match is highlighted in
 * a real terminal: in reverse video, the line jumped to pointed at in the
 * margin, and without colour (NO_COLOR) the match between markers too.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TmuxSession } from '../helpers/tmux.js';
import { tutorTerminal } from '../helpers/tutor-terminal.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

const tt = tutorTerminal('search');
let term: TmuxSession;

async function searchAndJump(env: Record<string, string>): Promise<TmuxSession> {
  const t = await tt.start('lesson 1', { env });
  await t.waitFor('Lesson 1 of 13 › ');
  await t.send('/');
  await t.waitFor('type at least 2 characters');
  await t.type('zxid');
  await t.waitFor(/\d+ hits?/);
  await t.send('Enter');
  await t.waitFor('Lesson 4 of 13');
  return t;
}

describe.skipIf(!tt.enabled)('search highlight', () => {
  it('the match is in reverse video after the jump', async () => {
    term = await searchAndJump({});
    const line = term
      .screen({ styled: true })
      .split('\n')
      .find((l) => /zxid/i.test(l));
    expect(line).toBeDefined();
    // SGR 7 (reverse) right before the match.
    expect(line).toMatch(/\u001b\[(?:\d+;)*7(?:;\d+)*m[^\u001b]*zxid/i);
    // The line jumped to has a pointer in the margin (which hit, when several lines match).
    expect(term.screen()).toMatch(/^❯.*zxid/im);
  });

  it('with NO_COLOR the match still stands out: between markers', async () => {
    term = await searchAndJump({ NO_COLOR: '1' });
    expect(term.screen()).toMatch(/^❯.*»zxid«/im);
  });
});
