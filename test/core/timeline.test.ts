import { describe, expect, it } from 'vitest';
import { findShippedScenario, listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { renderTimeline, renderTimelineCells, timelineFromOrdering, timelineFromSim, type TimelineModel } from '../../src/core/timeline/index.js';

const lateWrite = findShippedScenario('late-write')!;
const model = timelineFromSim(simulate(lateWrite), lateWrite);
const width = (line: string) => [...line].length;

describe('timelineFromSim', () => {
  it('has lanes for the coordinator, each actor and the sink, in that order', () => {
    expect(model.lanes.map((l) => l.id)).toEqual(['coordinator', 'A', 'B', 'sink']);
    expect(model.unit).toBe('tick');
    expect([model.start, model.end]).toEqual([0, 31]);
  });

  it('draws leases, pauses and waiting as spans', () => {
    const [coordinator, a, b] = model.lanes;
    expect(coordinator!.spans).toEqual([
      { kind: 'lease', from: 0, to: 11, owner: 'A' },
      { kind: 'lease', from: 11, to: 31, owner: 'B' },
    ]);
    expect(a!.spans).toContainEqual({ kind: 'paused', from: 2, to: 31 });
    expect(b!.spans).toContainEqual({ kind: 'waiting', from: 3, to: 11 });
  });

  it('marks grants with tokens and the sink verdicts', () => {
    const sink = model.lanes.at(-1)!;
    expect(sink.marks.map((m) => [m.t, m.kind, m.value])).toEqual([
      [1, 'accept', '0'],
      [14, 'accept', '100'],
      [31, 'reject', '1'],
    ]);
    expect(model.lanes[0]!.marks.filter((m) => m.kind === 'grant').map((m) => m.token)).toEqual([
      [0, 1],
      [0, 2],
    ]);
    expect(model.notes?.[0]).toEqual({ t: 0, text: 'T=0: A is granted the lock with token 1.'.replace('T', 't') });
  });
});

describe('renderTimeline', () => {
  it('labels every lane, shows grants with tokens, verdicts and a legend', () => {
    const lines = renderTimeline(model, { width: 100 });
    expect(lines[0]).toMatch(/^t\s+0\s+5\s+10/);
    expect(lines.find((l) => l.startsWith('coordinator'))).toContain('●A 1');
    expect(lines.find((l) => l.startsWith('coordinator'))).toContain('●B 2');
    expect(lines.find((l) => l.startsWith('A '))).toContain('░');
    expect(lines.find((l) => l.startsWith('B '))).toContain('◌');
    const sink = lines.find((l) => l.startsWith('sink'))!;
    expect(sink).toContain('"100" ✓2');
    expect(sink).toContain('"1" ✗1');
    expect(lines.join('\n')).toContain('✓ accepted');
    expect(lines.join('\n')).toContain('✗ rejected');
  });

  it('never exceeds the width, for every shipped scenario and several widths', () => {
    for (const s of listShippedScenarios()) {
      const m = timelineFromSim(simulate(s), s);
      for (const w of [40, 60, 80, 100, 160]) for (const line of renderTimeline(m, { width: w })) expect(width(line)).toBeLessThanOrEqual(w);
    }
  });

  it('is ASCII only with ascii: true', () => {
    for (const s of listShippedScenarios()) {
      const text = renderTimeline(timelineFromSim(simulate(s), s), { width: 90, ascii: true }).join('\n');
      expect(text).toMatch(/^[\x20-\x7e\n]*$/);
    }
    const sink = renderTimeline(model, { width: 100, ascii: true }).find((l) => l.startsWith('sink'))!;
    expect(sink).toContain('"1" NO:1');
  });

  it('with a cursor, draws only what happened up to it and marks it on the axis', () => {
    const lines = renderTimeline(model, { width: 100, cursor: 5 });
    expect(lines[1]).toContain('▼');
    expect(lines.join('\n')).not.toContain('●B');
    expect(lines.find((l) => l.startsWith('sink'))).not.toContain('"100"');
  });

  it('returns the kind of every cell, aligned with the text', () => {
    const r = renderTimelineCells(model, { width: 100 });
    r.lines.forEach((line, i) => {
      expect(r.cells[i]).toHaveLength(width(line));
    });
    const sinkRow = r.lines.findIndex((l) => l.startsWith('sink'));
    const col = [...r.lines[sinkRow]!].indexOf('✗');
    expect(r.cells[sinkRow]![col]).toBe('reject');
  });

  it('scales a long run to the width', () => {
    const long: TimelineModel = {
      unit: 'tick',
      start: 0,
      end: 100000,
      lanes: [
        {
          id: 'A',
          label: 'A',
          kind: 'actor',
          spans: [{ kind: 'paused', from: 50000, to: 100000 }],
          marks: [
            { kind: 'grant', t: 0 },
            { kind: 'send', t: 99999 },
          ],
        },
      ],
    };
    const lines = renderTimeline(long, { width: 80 });
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/100000|80000/);
  });

  it('takes milliseconds and integer tokens (the lab)', () => {
    const lab: TimelineModel = {
      unit: 'ms',
      start: 0,
      end: 4200,
      lanes: [
        {
          id: 'coordinator',
          label: 'etcd',
          kind: 'coordinator',
          spans: [{ kind: 'lease', from: 0, to: 2000, owner: 'A' }],
          marks: [
            { kind: 'grant', t: 0, actor: 'A', token: 7 },
            { kind: 'expire', t: 2000 },
          ],
        },
        { id: 'sink', label: 'sink', kind: 'sink', spans: [], marks: [{ kind: 'reject', t: 4100, actor: 'A', token: 7, value: 'A-late' }] },
      ],
    };
    const lines = renderTimeline(lab, { width: 100 });
    expect(lines[0]).toMatch(/^ms\s+0\s+/);
    expect(lines.join('\n')).toContain('●A 7');
    expect(lines.join('\n')).toContain('"A-late" ✗7');
  });

  it('draws an explored counterexample by operation', () => {
    const x = explore(lateWrite, { check: 'split' });
    const lines = renderTimeline(timelineFromOrdering(x.counterexample!), { width: 80 });
    expect(lines[0]).toMatch(/^step/);
    expect(lines.find((l) => l.startsWith('sink'))).toContain('stale!');
  });

  it('renders a frame at 100x30 quickly enough to call every frame', () => {
    // Not a timing assertion (see scripts/bench/engine.mjs): it must simply work repeatedly.
    for (let t = 0; t <= 31; t++) expect(renderTimeline(model, { width: 100, cursor: t }).length).toBeLessThanOrEqual(30);
  });

  it('strips control characters from values and labels', () => {
    const evil: TimelineModel = {
      unit: 'tick',
      start: 0,
      end: 10,
      lanes: [{ id: 'sink', label: 'si\u001b[2Jnk', kind: 'sink', spans: [], marks: [{ kind: 'accept', t: 1, value: '\u001b]0;x\u0007v', token: [0, 1] }] }],
    };
    for (const line of renderTimeline(evil, { width: 80 })) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});

describe('the sink lane under --ascii keeps every token (issue 33)', () => {
  it('split-race at 80 columns: where "ok:2" does not fit, B\'s accept reads "+2", never a bare "ok"', () => {
    const scenario = findShippedScenario('split-race')!;
    const model = timelineFromSim(simulate(scenario), scenario);
    const lines = renderTimeline(model, { width: 80, ascii: true });
    const sink = lines.find((l) => /^sink {2,}/.test(l))!;
    expect(sink).toContain('+2 "1" ok:1 stale!');
    expect(sink).not.toMatch(/ ok /);
    expect(lines.join('\n')).toContain('ok/+ accepted');
  });
});
