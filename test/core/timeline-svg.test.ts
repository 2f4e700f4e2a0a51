/**
 * The SVG timeline (render-svg.ts): every kind of mark and span drawn, each
 * mark with words beside its shape, so neither colour nor shape says it alone.
 */
import { describe, expect, it } from 'vitest';
import type { MarkKind, SpanKind, TimelineModel } from '../../src/core/timeline/index.js';
import { markWords, timelineSvg } from '../../src/core/timeline/render-svg.js';

const KINDS: MarkKind[] = ['grant', 'expire', 'release', 'wait', 'deny', 'failover', 'send', 'accept', 'reject', 'check', 'apply', 'restart'];
const SPANS: SpanKind[] = ['lease', 'holding', 'paused', 'waiting'];

describe('timelineSvg', () => {
  const model: TimelineModel = {
    unit: 'tick',
    start: 0,
    end: KINDS.length,
    lanes: [
      {
        id: 'all',
        label: 'every kind',
        kind: 'actor',
        spans: SPANS.map((kind, i) => ({ kind, from: i * 3, to: i * 3 + 2, owner: 'A' })),
        marks: KINDS.map((kind, i) => ({ kind, t: i, actor: 'A', token: [0, i + 1] as [number, number], value: `v${i}` })),
      },
    ],
  };
  const svg = timelineSvg(model, { title: 'every <kind>' });

  it('draws each mark with its words', () => {
    for (const kind of KINDS) {
      const [words] = markWords({ kind, t: 0, actor: 'A' });
      expect(words, kind).not.toBe('');
      expect(svg, kind).toContain(`class="mark mark-${kind}"`);
    }
    expect(svg).toContain('every &lt;kind&gt;');
    expect(svg).toContain('12 ticks');
  });

  it('says what a restart lost and a stale acceptance in words', () => {
    expect(markWords({ kind: 'restart', t: 0, lost: true })[0]).toBe('restarted, mark lost');
    expect(markWords({ kind: 'accept', t: 0, actor: 'A', stale: true, value: null, token: 3 })).toEqual(['accepted, stale! (A)', 'nothing · token 3']);
  });

  it('each distinct time is a column, evenly spaced whatever the gap in time', () => {
    const one: TimelineModel = {
      unit: 'ms',
      start: 0,
      end: 100,
      lanes: [{ id: 'l', label: 'l', kind: 'actor', spans: [{ kind: 'holding', from: 0, to: 50 }], marks: [{ kind: 'send', t: 100, actor: 'A' }] }],
    };
    // 0, 50 and 100 are the events: three columns, evenly spaced.
    const ticks = [...timelineSvg(one, { title: 't' }).matchAll(/<text class="tick" x="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(ticks[1]! - ticks[0]!).toBe(ticks[2]! - ticks[1]!);
  });
});
