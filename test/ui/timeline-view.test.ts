import { describe, expect, it } from 'vitest';
import type { CellKind } from '../../src/core/timeline/index.js';
import { colourLine } from '../../src/ui/simulator/timeline-view.js';
import { makeTheme } from '../../src/ui/theme.js';

const strip = (s: string) => s.replace(/\u001b\[\d+m/g, '');

describe('timeline colouring', () => {
  it('colours cells by meaning and keeps the text as drawn', () => {
    const theme = makeTheme({ ascii: false, color: true, reducedMotion: false, narrate: false });
    const kinds: CellKind[] = ['label', 'accept', 'blank', 'reject', 'stale'];
    const out = colourLine('s✓ ✗!', kinds, theme);
    expect(strip(out)).toBe('s✓ ✗!');
    expect(out).toContain('\u001b[32m✓'); // accepted: green
    expect(out).toContain('\u001b[31m✗!'); // rejected and stale: red, one run
    expect(out.endsWith('\u001b[39m')).toBe(true);
  });
});

describe('fitting the drawing into the rows there are', () => {
  it('drops the legend first, then actors from the middle; axis, coordinator and sink stay', async () => {
    const { fitRows } = await import('../../src/ui/simulator/timeline-view.js');
    // 2 axis rows + 4 lanes + 2 legend rows.
    expect(fitRows(8, 6, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(fitRows(8, 6, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    // 2 axis rows + coordinator + 10 actors + sink, in 8 rows: 3 actors, a note for 7, the sink.
    expect(fitRows(16, 14, 8)).toEqual([0, 1, 2, 3, 4, 5, -7, 13]);
  });
});
