/**
 * The JSON objects of `sim --json` and `explore --json` (spec sections 4
 * and 5): the required fields in the spec's order, then the extras.
 */
import type { ExploreResult, SimResult } from './types.js';

export function simToJson(r: SimResult): Record<string, unknown> {
  return {
    scenario: r.scenario,
    config: r.config,
    grants: r.grants.map((g) => ({ t: g.t, actor: g.actor, token: g.token })),
    writes: r.writes.map((w) => ({
      actor: w.actor,
      value: w.value,
      token: w.token,
      sentAt: w.sentAt,
      arrivedAt: w.arrivedAt,
      result: w.result,
      hwmBefore: w.hwmBefore,
      appliedAt: w.appliedAt,
      stale: w.stale,
    })),
    events: r.events,
    final: { value: r.final.value, hwm: r.final.hwm },
    staleAcceptances: r.staleAcceptances,
    endTick: r.endTick,
  };
}

/** Counts stay bigints: print with src/cli/json-output.ts, which writes them exactly. */
export function exploreToJson(r: ExploreResult): Record<string, unknown> {
  return {
    scenario: r.scenario,
    config: r.config,
    orderings: r.orderings,
    finalValues: r.finalValues,
    orderingsWithStaleAcceptance: r.orderingsWithStaleAcceptance,
    counterexample: r.counterexample,
  };
}
