/**
 * Home's list: the "1-9 open the entry" in help is true (the first nine
 * entries carry their number and the digit opens that entry), and the list
 * still reads at 80x24 with the three entries planned next (Exercises,
 * Your runs, Challenges).
 */
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { HOME_ENTRIES } from '../../src/ui/screens/home-screen.js';
import { press, renderApp, unknownRoute } from '../helpers/ink.js';

afterEach(() => cleanup());

const row = (frame: string, label: string) => frame.split('\n').find((l) => new RegExp(`\\s${label}\\s`).test(l)) ?? '';

describe('Home', () => {
  it('numbers its first nine entries, and digit N opens entry N', async () => {
    const { lastFrame } = await renderApp({ screen: 'home' }, { size: { columns: 80, rows: 24 } });
    const frame = lastFrame() ?? '';
    HOME_ENTRIES.slice(0, 9).forEach((e, i) => {
      expect(row(frame, e.label), e.label).toMatch(new RegExp(`(❯|\\s)\\s${i + 1} ${e.label}`));
    });
    // Digit N opens entry N, whatever the list holds (entries are added over time).
    for (const digit of ['3', '5', '6', '8', '9']) {
      const entry = HOME_ENTRIES[Number(digit) - 1];
      const { stdin, router } = await renderApp({ screen: 'home' }, { size: { columns: 80, rows: 24 } });
      await press(stdin, digit);
      expect(router.getState().stack.at(-1)?.screen, entry?.label).toBe(entry?.route?.screen);
    }
    // The ones a learner reaches most often, by their digit today.
    expect(HOME_ENTRIES.slice(0, 9).map((e) => e.label)).toEqual([
      'Continue',
      'Lessons',
      'Simulator',
      'Explore',
      'Quiz',
      'Challenges',
      'Lab',
      'Exercises',
      'Progress',
    ]);
  });

  it('reads at 80x24 with three more entries: every entry on its own row, within 80 columns', async () => {
    const extra = ['Exercises', 'Your runs', 'Challenges']
      .filter((label) => !HOME_ENTRIES.some((e) => e.label === label))
      .map((label) => ({ label, description: `the ${label.toLowerCase()}`, route: unknownRoute(label) }));
    HOME_ENTRIES.splice(5, 0, ...extra);
    try {
      const { lastFrame } = await renderApp({ screen: 'home' }, { size: { columns: 80, rows: 24 } });
      const frame = lastFrame() ?? '';
      const lines = frame.split('\n');
      expect(lines.length).toBeLessThanOrEqual(23);
      for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
      for (const e of HOME_ENTRIES)
        expect(lines.filter((l) => l.includes(` ${e.label} `) || l.includes(` ${e.label}│`) || l.trimEnd().endsWith(e.label)).length, e.label).toBe(1);
      expect(frame).toMatch(/\? help\s+q quit/);
      // The tenth and later entries have no digit (1-9 reach the first nine only).
      expect(row(frame, 'Help')).not.toMatch(/\d Help/);
    } finally {
      HOME_ENTRIES.splice(5, extra.length);
    }
  });
});
