/**
 * Facts the content review corrected, held against the engine where the
 * engine can say (an ordering question's key, a scenario's summary) and
 * against the wording where only a source can (a lock-delay option, a
 * question that depended on who wrote first).
 */
import { describe, expect, it } from 'vitest';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';

const bank = loadShippedBank();

function question(id: string) {
  const q = bank.questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q;
}

function optionsOf(id: string): string[] {
  const q = question(id);
  return 'options' in q && Array.isArray(q.options) ? q.options.map(String) : [];
}

describe('split-race-order', () => {
  it("its key is the order in which the split-race run checks and applies B's and A's writes", () => {
    const scenario = findShippedScenario('split-race');
    expect(scenario).toBeDefined();
    const run = simulate(scenario!, {});
    // The sink's own steps for the two racing writes (A's first write, at tick 1, is not in the race).
    const steps = run.events
      .filter((e) => (e.kind === 'check-pass' || e.kind === 'apply') && e.t >= 7)
      .map((e) => `${e.kind === 'check-pass' ? 'check' : 'apply'} ${run.writes[e.write ?? -1]?.actor}`);
    expect(steps).toEqual(['check B', 'check A', 'apply B', 'apply A']);
    const key = optionsOf('split-race-order').map((o) => `${/checked/.test(o) ? 'check' : 'apply'} ${o.charAt(0)}`);
    expect(key).toEqual(steps);
  });
});

describe('scenario summaries say what the run shows', () => {
  it("allocator-failover: A's retry is accepted, as its summary says", () => {
    const scenario = findShippedScenario('allocator-failover');
    expect(scenario?.summary).toMatch(/^A retry passes; a reordered duplicate and a paused writer are rejected/);
    const run = simulate(scenario!, {});
    const aFirstTwo = run.writes.filter((w) => w.actor === 'A').slice(0, 2);
    expect(aFirstTwo.map((w) => [w.sentAt, w.result])).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
    ]);
  });
});

describe('questions whose answer hung on an unstated condition', () => {
  it('pause-longer-than-lease-with-token: the new holder writes before the paused client wakes (else lesson 7 says A is accepted)', () => {
    expect(question('pause-longer-than-lease-with-token').prompt).toMatch(/another client\s+takes the lock and writes/);
  });

  it('lease-id-not-a-token names the system and the lock it means', () => {
    const q = question('lease-id-not-a-token');
    expect(q.prompt).toMatch(/built on etcd/);
    expect(q.prompt).toMatch(/etcd lease ID/);
    // The single-member distractor is answered: lease IDs order grants of leases, not acquisitions.
    expect(q.explanation).toMatch(/lease grants, not acquisitions/);
  });

  it('resource-cannot-check: lock-delay delays the next grant, it does not make the stale holder wait', () => {
    const options = optionsOf('resource-cannot-check');
    const lockDelay = options.find((o) => /lock-delay/.test(o));
    expect(lockDelay).toMatch(/Delay the next grant after a holder fails/);
    expect(options.join('\n')).not.toMatch(/stale holders wait/i);
  });
});
