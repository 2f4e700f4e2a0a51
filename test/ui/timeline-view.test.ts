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
