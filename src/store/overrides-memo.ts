/** Engine results remembered per set of toggles (the simulator store's caches). */
import type { ConfigOverrides, Scenario } from '../core/types.js';

/** One key per distinct set of overrides (the caches are per scenario: `open` clears them). */
export function overridesKey(o: ConfigOverrides): string {
  return `${o.ttl ?? ''}|${o.fencing ?? ''}|${o.minting ?? ''}|${o.check ?? ''}`;
}

/** An engine call remembered per set of overrides, in `cache` (cleared by `open`). */
export function memoPerOverrides<T>(
  cache: Map<string, T>,
  compute: (scenario: Scenario, overrides: ConfigOverrides) => T,
): (scenario: Scenario, overrides: ConfigOverrides) => T {
  return (scenario, overrides) => {
    const key = overridesKey(overrides);
    const hit = cache.get(key);
    if (hit) return hit;
    const result = compute(scenario, overrides);
    cache.set(key, result);
    return result;
  };
}
