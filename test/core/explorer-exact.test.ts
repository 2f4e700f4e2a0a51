import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/cli/json-output.js';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { explore } from '../../src/core/explorer.js';
import { exploreToJson } from '../../src/core/sim-json.js';
import { DEFAULT_CONFIG, type Scenario, type Step } from '../../src/core/types.js';

const factorial = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * factorial(n - 1));
const multinomial = (...parts: number[]) => parts.reduce((acc, k) => acc / factorial(k), factorial(parts.reduce((a, b) => a + b, 0)));

/** `actors` actors each sending `writes` writes, fencing off: every interleaving is distinct. */
function plainWriters(actors: string[], writes: number): Scenario {
  const steps: Step[] = [];
  for (const a of actors) for (let i = 0; i < writes; i++) steps.push({ at: i, actor: a, do: 'write', value: `${a}${i}`, delay: 0 });
  return { id: 'many', config: { ...DEFAULT_CONFIG, fencing: false }, steps };
}

describe('exact counts', () => {
  it('beyond 2^53: three actors with twenty writes each', () => {
    const r = explore(plainWriters(['A', 'B', 'C'], 20));
    const total = multinomial(20, 20, 20);
    expect(total > 2n ** 53n).toBe(true);
    expect(r.orderings).toBe(total);
    // Orderings ending with A's last write: A's last operation comes last.
    expect(r.finalValues.A19).toBe(multinomial(19, 20, 20));
    expect(r.finalValues.A19! + r.finalValues.B19! + r.finalValues.C19!).toBe(total);
    // No tokens at all (never granted): no stale acceptance.
    expect(r.orderingsWithStaleAcceptance).toBe(0n);
    expect(toJson(exploreToJson(r), 0)).toContain(`"orderings":${total.toString()}`);
  });

  it('between 2^26 and 2^53: two actors with twenty writes each', () => {
    const r = explore(plainWriters(['A', 'B'], 20));
    const total = multinomial(20, 20);
    expect(total > 2n ** 26n && total < 2n ** 53n).toBe(true);
    expect(r.orderings).toBe(total);
    expect(r.finalValues.A19).toBe(multinomial(19, 20));
    expect(r.finalValues.B19).toBe(multinomial(20, 19));
  });

  it('eight actors, two writes each, exactly', () => {
    const actors = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const r = explore(plainWriters(actors, 2));
    const total = multinomial(...actors.map(() => 2));
    expect(r.orderings).toBe(total);
    expect(r.finalValues.H1).toBe(multinomial(...actors.map((a) => (a === 'H' ? 1 : 2))));
  });

  it('the twelve-write fixture (tens of billions of orderings) answers exactly', () => {
    const s = loadScenarioText(readFileSync(new URL('../fixtures/scenarios/twelve-writes.yaml', import.meta.url), 'utf8'), 'twelve-writes.yaml');
    const r = explore(s);
    expect(r.orderings).toBe(65993759921n);
    expect(Object.values(r.finalValues).reduce((a, b) => a + b, 0n)).toBe(r.orderings);
    expect(r.orderingsWithStaleAcceptance).toBeGreaterThan(0n);
    expect(r.counterexample?.some((o) => o.stale)).toBe(true);
  });
});
