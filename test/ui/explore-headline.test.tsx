/**
 * A large explore's headline (issue 33): the counts with separators, as the
 * progress line writes them, and the stale percentage whole at 80 columns
 * (a 30-digit count pushed it off the line).
 */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { explorePlainText } from '../../src/cli/scenario/explore-plain.js';
import { DEFAULT_CONFIG, type ExploreResult } from '../../src/core/types.js';
import { ExplorePanel } from '../../src/ui/simulator/explore-panel.js';
import { makeTheme } from '../../src/ui/theme.js';

const big: ExploreResult = {
  scenario: 'six-by-four',
  config: DEFAULT_CONFIG,
  orderings: 152034626562377057852966190648n,
  finalValues: { '"F-4"': 100000000000000000000000000000n, '"E-4"': 52034626562377057852966190648n },
  orderingsWithStaleAcceptance: 76017313281188528926483095324n,
  counterexample: null,
};

describe('the explore headline', () => {
  it('in the app at 80 columns: separators, and the percentage whole', () => {
    const theme = makeTheme({ ascii: false, color: false, reducedMotion: true, narrate: false });
    const { lastFrame } = render(<ExplorePanel result={big} theme={theme} width={79} rows={20} step={null} />);
    const text = (lastFrame() ?? '').replace(/\s+/g, ' ');
    expect(text).toContain("152,034,626,562,377,057,852,966,190,648 orderings of the sink's operations;");
    expect(text).toContain('76,017,313,281,188,528,926,483,095,324 of them accept a stale write (50%)');
  });

  it('in plain text: the same separators', () => {
    const text = explorePlainText({ id: 'six-by-four', title: 'six by four', steps: [], config: DEFAULT_CONFIG } as never, big, {
      ascii: false,
      color: false,
      columns: 80,
      narrate: false,
    } as never);
    expect(text).toContain("152,034,626,562,377,057,852,966,190,648 orderings of the sink's operations; 76,017,313,281,188,528,926,483,095,324 of them");
  });
});
