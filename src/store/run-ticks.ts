/** Where a run's events fall in time: the ticks a step moves between, and the last one. */
import type { SimResult } from '../core/types.js';

/** The ticks at which something happens, ascending, with no repeats. */
export function eventTicks(result: SimResult | null): number[] {
  if (!result) return [];
  const ticks: number[] = [];
  for (const e of result.events) if (ticks.at(-1) !== e.t) ticks.push(e.t);
  return ticks;
}

export function endTick(result: SimResult | null): number {
  if (!result) return 0;
  return Math.max(result.endTick, result.events.at(-1)?.t ?? 0);
}
