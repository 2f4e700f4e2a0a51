/**
 * Help at 80x24 and 100x30: every binding of the keymap appears once, whole
 * (keys and meaning, the meaning wrapped under itself rather than cut), no
 * label runs into its keys, no row repeats, and what does not fit scrolls.
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { allHelpSections, helpLines } from '../../src/ui/components/help-lines.js';
import { helpSections, KEY_CONTEXTS, type KeyContextId } from '../../src/ui/keymap.js';
import { HELP_INTRO } from '../../src/ui/screens/help-screen.js';
import { UNICODE_SYMBOLS } from '../../src/ui/theme.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 100, rows: 30 },
];

/** Rows joined with their wrapped continuation lines, per section title. */
function rowsBySection(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let title = '';
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (/^\S/.test(line)) {
      title = line.trim();
      if (!out.has(title)) out.set(title, []);
      continue;
    }
    const rows = out.get(title) ?? [];
    if (/^ {2}\S/.test(line)) rows.push(line.trim().replace(/\s+/g, ' '));
    else if (rows.length > 0) rows[rows.length - 1] += ` ${line.trim()}`;
    out.set(title, rows);
  }
  return out;
}

/** Every line of the Help screen, paging through it, placed by the "lines a-b of N" indicator. */
async function helpScreenLines(size: { columns: number; rows: number }): Promise<string[]> {
  const { stdin, lastFrame } = await renderApp({ screen: 'help' }, { size });
  const all: string[] = [];
  for (let page = 0; page < 40; page++) {
    const frame = (lastFrame() ?? '').split('\n');
    for (const line of frame) expect([...line].length, line).toBeLessThanOrEqual(size.columns);
    const at = frame.findIndex((l) => /lines \d+-\d+ of \d+/.test(l));
    if (at < 0) return frame.slice(1, -1).map((l) => l.slice(1));
    const [, from, to, total] = frame[at]!.match(/lines (\d+)-(\d+) of (\d+)/)!.map(Number) as [number, number, number, number];
    frame.slice(1, at).forEach((l, i) => {
      all[from - 1 + i] = l.slice(1);
    });
    if (to >= total) return all;
    await press(stdin, 'pagedown');
  }
  throw new Error('help did not reach its end');
}

describe('Help', () => {
  for (const size of SIZES) {
    it(`from Home at ${size.columns}x${size.rows}: every keymap entry once, whole, by scrolling`, async () => {
      const lines = await helpScreenLines(size);
      expect(lines.every((l) => l !== undefined)).toBe(true);
      const expected = helpLines(allHelpSections(UNICODE_SYMBOLS), size.columns - 3, [HELP_INTRO]).map((l) => l.text);
      expect(lines.map((l) => l.trimEnd())).toEqual(expected);
      const intro = helpLines([], size.columns - 3, [HELP_INTRO]).length;
      const sections = rowsBySection(lines.slice(intro));
      for (const [id, ctx] of Object.entries(KEY_CONTEXTS)) {
        const rows = sections.get(ctx.title) ?? [];
        for (const r of helpSections(id as KeyContextId, UNICODE_SYMBOLS).find((s) => s.title === ctx.title)?.rows ?? []) {
          const whole = `${r.keys} ${r.help}`.replace(/\s+/g, ' ');
          expect(rows.filter((x) => x === whole).length, `${id}: ${whole}`).toBe(1);
        }
        expect(new Set(rows).size, `${ctx.title}: a repeated row`).toBe(rows.length);
      }
      const text = lines.join('\n');
      expect(text).not.toMatch(/enternter|lessonspace|feedbackenter/);
    });
  }

  it('? over a screen at 80x24 shows its keys whole, scrolling if it must', async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'reader', lessonId: 'stale-holder' }, { size: { columns: 80, rows: 24 } });
    // Wait for the lesson itself: keys typed while it loads are kept and replayed, so pressing keys to wait would queue them.
    await waitForFrame(lastFrame, 'Lesson 1 of');
    await press(stdin, '?');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Keys (? or q to close)');
    // The lesson's keys fit at 80x24: no scrolling, every row whole.
    expect(frame).not.toMatch(/lines \d+-\d+ of/);
    const rows = rowsBySection(
      frame
        .split('\n')
        .map((l) => l.slice(1))
        .slice(2, -1),
    );
    for (const r of helpSections('reader', UNICODE_SYMBOLS)[0]!.rows) {
      expect(rows.get('Lesson'), r.help).toContain(`${r.keys} ${r.help}`.replace(/\s+/g, ' '));
    }
    for (const line of frame.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });
});
