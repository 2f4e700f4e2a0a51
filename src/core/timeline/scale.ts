/**
 * Where a time lands on the plot: columns per unit for a short run, scaled
 * to the width for a long one, or by event order.
 *
 * Order ("a broken axis at every event") is for the lab: a run of real
 * processes holds a long wait (seconds until a lease expires) and then
 * several events milliseconds apart; drawn to scale they all fall into the
 * last few columns (`sink fenced ✓!✓23`). By order, each distinct time gets
 * its own column, evenly spaced, and the axis labels each with its real time.
 */
import type { TimelineModel } from './model.js';

export type ScaleKind = 'time' | 'order';

export interface Scale {
  kind: ScaleKind;
  /** The column of a time (times between two events fall between their columns). */
  col: (t: number) => number;
  /** The times the axis labels: every event's time by order, else a readable step. */
  ticks: number[];
}

/** Every time the drawing places something at: mark times, span ends, start and end. */
export function eventTimes(model: TimelineModel): number[] {
  const times = new Set<number>([model.start, model.end]);
  for (const lane of model.lanes) {
    for (const m of lane.marks) times.add(m.t);
    for (const s of lane.spans) {
      times.add(s.from);
      times.add(s.to);
    }
  }
  return [...times].filter((t) => t >= model.start && t <= model.end).sort((a, b) => a - b);
}

function niceStep(unitsPerLabel: number): number {
  const pow = 10 ** Math.floor(Math.log10(Math.max(1, unitsPerLabel)));
  for (const m of [1, 2, 5, 10]) if (m * pow >= unitsPerLabel) return m * pow;
  return 10 * pow;
}

function timeScale(model: TimelineModel, usable: number): Scale {
  const span = Math.max(1, model.end - model.start);
  const perUnit = Math.floor(usable / span);
  const k = perUnit >= 1 ? Math.min(perUnit, 3) : usable / span;
  const col = (t: number) => Math.round((t - model.start) * k);
  const colsPerUnit = Math.max(1e-9, col(model.start + span) / span);
  const step = niceStep(8 / colsPerUnit);
  const ticks: number[] = [];
  for (let t = Math.ceil(model.start / step) * step; t <= model.end; t += step) ticks.push(t);
  return { kind: 'time', col, ticks };
}

function orderScale(model: TimelineModel, usable: number): Scale {
  const times = eventTimes(model);
  const gap = times.length < 2 ? 1 : Math.max(1, Math.min(12, Math.floor(usable / (times.length - 1))));
  const col = (t: number) => {
    let hi = times.findIndex((x) => x >= t);
    if (hi < 0) hi = times.length - 1;
    const x1 = times[hi]!;
    if (x1 === t || hi === 0) return hi * gap;
    const x0 = times[hi - 1]!;
    return Math.round((hi - 1 + (t - x0) / (x1 - x0)) * gap);
  };
  return { kind: 'order', col, ticks: times };
}

export function scaleFor(model: TimelineModel, plotWidth: number, kind: ScaleKind): Scale {
  // Keep some columns free on the right for the last labels.
  const usable = plotWidth - Math.min(12, Math.floor(plotWidth / 5));
  return kind === 'order' ? orderScale(model, usable) : timeScale(model, usable);
}
