/**
 * When a toggle leaves the timed run as it was, the explorer may still see a
 * difference in other orderings of the same writes: count both settings off
 * the UI thread and, if the orderings with a stale acceptance differ, say so
 * (the simulator offers `e` to see them). Counts already made are reused.
 */
import type { ConfigOverrides, ExploreResult, Scenario } from '../core/types.js';
import type { ExploreAsync } from './explore-thread.js';

export interface OrderingHintRequest {
  exploreAsync: ExploreAsync;
  scenario: Scenario;
  before: ConfigOverrides;
  after: ConfigOverrides;
  /** Counts already known, by overrides (the store's explorer cache). */
  known: (overrides: ConfigOverrides) => ExploreResult | undefined;
  remember: (overrides: ConfigOverrides, result: ExploreResult) => void;
  /** Told the sentence, only when the orderings differ. */
  onHint: (hint: string) => void;
}

/**
 * Larger runs get no hint: two counts nobody asked for could keep a core
 * busy for minutes (six actors with four writes each). Twelve writes by
 * four actors count in well under a second (`npm run bench`, engine).
 */
export const HINT_MAX_WRITES = 16;

/** The sentence for two counts, or null when they agree on stale acceptances. */
export function orderingHint(before: ExploreResult, after: ExploreResult): string | null {
  if (before.orderingsWithStaleAcceptance === after.orderingsWithStaleAcceptance && before.orderings === after.orderings) return null;
  if (before.orderingsWithStaleAcceptance === 0n && after.orderingsWithStaleAcceptance === 0n) return null;
  const of = (r: ExploreResult) => `${r.orderingsWithStaleAcceptance} of ${r.orderings}`;
  const stale = after.orderingsWithStaleAcceptance === 1n ? 'accepts' : 'accept';
  return `In other orderings it does: ${of(after)} orderings ${stale} a stale write (before: ${of(before)}); e shows them.`;
}

/** Starts both counts (those not known yet); returns a cancel that stops them. */
export function startOrderingHint(request: OrderingHintRequest): () => void {
  const cancels: (() => void)[] = [];
  let cancelled = false;
  const count = (overrides: ConfigOverrides): Promise<ExploreResult> => {
    const known = request.known(overrides);
    if (known) return Promise.resolve(known);
    const job = request.exploreAsync(request.scenario, overrides, () => undefined);
    cancels.push(job.cancel);
    return job.result.then((result) => {
      request.remember(overrides, result);
      return result;
    });
  };
  Promise.all([count(request.before), count(request.after)]).then(
    ([before, after]) => {
      const hint = cancelled ? null : orderingHint(before, after);
      if (hint) request.onHint(hint);
    },
    () => undefined, // No hint when a count fails; the explorer itself reports its errors.
  );
  return () => {
    cancelled = true;
    for (const cancel of cancels) cancel();
  };
}
