/**
 * Timelines that read at 80 columns: no label hides another (the sink's
 * events are listed under a crowded lane), the lab's evidence is drawn by
 * event order with real times, and epoch:counter tokens are explained.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findShippedScenario, listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { renderTimeline, renderTimelineCells, timelineFromSim } from '../../src/core/timeline/index.js';
import { UNICODE } from '../../src/core/timeline/glyphs.js';
import { sinkEventText } from '../../src/core/timeline/sink-events.js';
import { labTimeline } from '../../src/lab/evidence/lab-timeline.js';
import type { LabResult } from '../../src/lab/types.js';
import type { TimelineMark, TimelineModel } from '../../src/core/timeline/model.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'lab', `${name}-result.json`), 'utf8')) as LabResult;
const scenario = (id: string) => findShippedScenario(id)!;
const sinkLine = (lines: string[]) => lines.find((l) => l.startsWith('sink '))!;

describe('sink labels never touch (issue 33: `"100" ✓2"A3" ✗1` in atomic-proof)', () => {
  const sinkOnly = (marks: TimelineMark[], end: number): TimelineModel => ({
    unit: 'tick',
    start: 0,
    end,
    lanes: [{ id: 'sink', label: 'sink', kind: 'sink', spans: [], marks }],
  });
  // A label's last character right before another's first: a token or value, then a quote or a verdict.
  const touching = /[✓✗?]\d*"|\d[✓✗]|(ok|NO):\d+"/;

  it('two verdicts at the same tick: a space between them', () => {
    const model = sinkOnly(
      [
        { kind: 'accept', t: 1, token: 2, value: '100' },
        { kind: 'reject', t: 1, token: 1, value: 'A3' },
      ],
      10,
    );
    const lane = (ascii: boolean) => sinkLine(renderTimeline(model, { width: 100, ascii, sinkEvents: 'never' }));
    expect(lane(false)).toContain('"100" ✓2 "A3" ✗1');
    expect(lane(true)).toContain('"100" ok:2 "A3" NO:1');
  });

  it('at every width, a tick or two apart or at the same tick: never touching', () => {
    for (let dt = 0; dt <= 3; dt++)
      for (const end of [10, 20, 40])
        for (let width = 30; width <= 120; width++)
          for (const ascii of [false, true]) {
            const model = sinkOnly(
              [
                { kind: 'accept', t: 2, token: 2, value: '100' },
                { kind: 'reject', t: 2 + dt, token: 1, value: 'A3' },
              ],
              end,
            );
            const lane = sinkLine(renderTimeline(model, { width, ascii, sinkEvents: 'never' }));
            expect(lane, `dt ${dt}, end ${end}, width ${width}, ascii ${ascii}`).not.toMatch(touching);
          }
  });
});

describe('the sink lane keeps every verdict readable at 80 columns', () => {
  it('split-race: B\'s "100" stays readable after t=11 (it vanished once A\'s write landed next to it)', () => {
    const s = scenario('split-race');
    const model = timelineFromSim(simulate(s), s);
    for (const cursor of [10, 11, undefined]) {
      const text = renderTimeline(model, { width: 80, cursor }).join('\n');
      expect(text, `cursor ${cursor}`).toContain('t=10 ✓2 B "100"');
    }
    const whole = renderTimeline(model, { width: 80 }).join('\n');
    expect(whole).toContain('t=11 ✓1 A "1" stale!');
    expect(whole).toContain('t=7 ?2 B "100"');
    // Up to the cursor only: the list never tells the future.
    expect(renderTimeline(model, { width: 80, cursor: 8 }).join('\n')).not.toContain('t=10');
  });

  it('every shipped scenario at 80 and 100 columns: each sink event is in full on the lane or in the list', () => {
    for (const s of listShippedScenarios()) {
      const model = timelineFromSim(simulate(s), s);
      for (const width of [80, 100]) {
        const r = renderTimelineCells(model, { width });
        const listed = r.lines.slice(r.header + model.lanes.length, r.plotted).join('\n');
        const lane = sinkLine(r.lines);
        for (const m of model.lanes.find((l) => l.kind === 'sink')!.marks) {
          const item = sinkEventText(m, 'tick', UNICODE, false);
          if (!item) continue;
          if (listed) expect(listed, `${s.id} at ${width}`).toContain(item.text);
          else expect(lane, `${s.id} at ${width}: the lane shows ${m.kind} at t=${m.t}`).toMatch(/✓|✗|\?|↻/);
        }
        if (!listed) {
          // Not listed: then no label on the lane was cut to its symbol alone.
          const labels = lane
            .slice(14)
            .trim()
            .split(/\s{2,}|\s(?=")/);
          for (const l of labels) expect(l, `${s.id} at ${width}`).not.toMatch(/^[✓✗][✓✗]/);
        }
      }
    }
  });

  it('allocator-failover at 80 columns lists its writes instead of running them together', () => {
    const s = scenario('allocator-failover');
    const lines = renderTimeline(timelineFromSim(simulate(s), s), { width: 80 });
    const text = lines.join('\n');
    for (const item of ['t=1 ✓1 A "A1"', 't=2 ✓1 A "A1"', 't=9 ✗1 A "A1"', 't=25 ✗3 A "A2"', 't=29 ✓1:5 C "C1"']) expect(text).toContain(item);
  });

  it('a lane with room for every label gets no list (late-write at 100 columns)', () => {
    const s = scenario('late-write');
    const model = timelineFromSim(simulate(s), s);
    const r = renderTimelineCells(model, { width: 100 });
    expect(r.plotted).toBe(r.header + model.lanes.length);
    expect(renderTimelineCells(model, { width: 100, sinkEvents: 'always' }).lines.join('\n')).toContain('t=31 ✗1 A "1"');
  });
});

describe("the lab's evidence timeline", () => {
  it("heads each sink's event list with its whole label (restore's 'sink revision' was cut to 'sink revisio…')", () => {
    const lines = renderTimeline(labTimeline(fixture('restore')), { width: 100, unit: 'ms' });
    expect(lines.join('\n')).not.toContain('…');
    expect(lines.filter((l) => /^sink revision +\d+ ms/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^sink epoch +\d+ ms/.test(l))).toHaveLength(1);
  });
});

describe('epoch:counter tokens', () => {
  it('the legend explains 1:5 where an epoch shows, and only there', () => {
    const failover = scenario('allocator-failover');
    expect(renderTimeline(timelineFromSim(simulate(failover), failover), { width: 80 }).join('\n')).toContain('1:5 token epoch:counter');
    const late = scenario('late-write');
    expect(renderTimeline(timelineFromSim(simulate(late), late), { width: 80 }).join('\n')).not.toContain('epoch:counter');
  });

  it('the first lesson that shows a 1:5 token says how to read it', () => {
    const dir = join(import.meta.dirname, '..', '..', 'lessons');
    const first = readdirSync(dir)
      .filter((f) => /^\d\d-.*\.md$/.test(f))
      .sort()
      .find((f) => readFileSync(join(dir, f), 'utf8').includes('1:5'))!;
    const text = readFileSync(join(dir, first), 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain('epoch 1, counter 5');
    expect(text).toContain('compare by epoch first, then by counter');
  });
});

describe('the lab timeline, by event order', () => {
  it('late-write at 80 columns: each event has its own column and its real time on the axis', () => {
    const result = fixture('late-write');
    const lines = renderTimeline(labTimeline(result), { width: 80, unit: 'ms' });
    const text = lines.join('\n');
    // The squeezed drawing read `sink fenced ✓!✓23` in the last columns.
    expect(sinkLine(lines.filter((l) => l.startsWith('sink plain')))).toContain('"A-late" ✓1 stale!');
    expect(lines.find((l) => l.startsWith('sink fenced'))).toContain('"A-late" ✗1');
    expect(lines.find((l) => l.startsWith('coordinator'))).toContain('●B 3');
    const axis = lines.slice(0, 2).join('\n');
    for (const ms of [0, 2028, 2098, 2243]) expect(axis).toContain(String(ms));
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(text).toContain('✗ rejected');
  });

  it("restart at 80 columns: the restart and A's rejected late write are both named", () => {
    const lines = renderTimeline(labTimeline(fixture('restart')), { width: 80, unit: 'ms' });
    const text = lines.join('\n');
    expect(text).toContain('↻ restart');
    expect(text).toContain('"A-late" ✗5');
    expect(text).toContain('5489');
  });

  it("restore at 80 columns: epoch mode's tokens read 1:4 on every lane, and C's SIGSTOP shows as a pause", () => {
    const result = fixture('restore');
    const model = labTimeline(result);
    const lines = renderTimeline(model, { width: 80, unit: 'ms' });
    const text = lines.join('\n');
    // D's grant after the restore: epoch 1, revision 4 (it read `●D 4`, the revision mode's token, with no epoch).
    expect(lines.find((l) => l.startsWith('coordinator'))).toContain('●D 1:4');
    expect(lines.find((l) => l.startsWith('coordinator'))).toContain('●C 6');
    expect(text).toContain('1:4 token epoch:counter');
    const epochLane = model.lanes.find((l) => l.id === 'sink-epoch')!;
    expect(epochLane.marks.find((m) => m.actor === 'D')?.token).toEqual([1, 4]);
    expect(model.notes?.map((n) => n.text)).toContain('D is granted the lock with token 1:4.');
    // Times as the model has them: ms since A's grant, rounded.
    const at = (actor: string, kind: string, note?: string) => {
      const o = result.observations.find((x) => x.actor === actor && x.kind === kind && (note === undefined || x.note === note))!;
      return Math.round(o.atMs - result.observations.find((x) => x.kind === 'grant')!.atMs);
    };
    // C is stopped after its writes and resumed after the restore: paused in between, as A in late-write.
    const c = model.lanes.find((l) => l.id === 'C')!;
    expect(c.spans).toContainEqual({ kind: 'paused', from: at('C', 'stop'), to: at('C', 'resume') });
    expect(lines.find((l) => l.startsWith('C '))).toContain('░');
    expect(text).toContain('░ paused');
    // B released before C's grant: its lane stops holding there.
    expect(model.lanes.find((l) => l.id === 'B')!.spans).toEqual([{ kind: 'holding', from: at('coordinator', 'grant', 'B'), to: at('B', 'release') }]);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('the scale can still be asked for by time', () => {
    const lines = renderTimeline(labTimeline(fixture('late-write')), { width: 80, unit: 'ms', scale: 'time' });
    expect(lines[0]).not.toContain('2028');
  });
});
