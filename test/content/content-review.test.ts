/**
 * Facts the content review corrected, held against the engine where the
 * engine can say (an ordering question's key, a scenario's summary) and
 * against the wording where only a source can (a lock-delay option, a
 * question that depended on who wrote first).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
  it("its key is the order the engine gives when A's stale write arrives after B's apply (tick 11), outside the split gap", () => {
    const scenario = findShippedScenario('split-race');
    expect(scenario).toBeDefined();
    // The question's timing: split-race with A's racing write arriving at 11, after B's apply at 10.
    const later = { ...scenario!, steps: scenario!.steps.map((st) => (st.actor === 'A' && st.do === 'write' && st.at === 8 ? { ...st, at: 11 } : st)) };
    const run = simulate(later, {});
    expect(later.config.check).toBe('split');
    expect(question('split-race-order').prompt).toMatch(/three ticks later\. B's write arrives at\s+tick 7 and A's stale write at tick 11/);
    const steps = run.events
      .filter((e) => ['check-pass', 'apply', 'reject'].includes(e.kind) && e.t >= 7)
      .map((e) => `${e.kind} ${run.writes[e.write ?? -1]?.actor}`);
    expect(steps).toEqual(['check-pass B', 'apply B', 'reject A']);
    expect(run.final.value).toBe('100');
    const kindOf = (o: string) => (/checked and passes/.test(o) ? 'check-pass' : /applied/.test(o) ? 'apply' : /refused/.test(o) ? 'reject' : 'final');
    const key = optionsOf('split-race-order').map((o) => `${kindOf(o)} ${o.charAt(0)}`);
    expect(key).toEqual([...steps, 'final T']);
    expect(optionsOf('split-race-order').at(-1)).toBe("The value stays B's");
  });
});

describe('scenario summaries say what the run shows', () => {
  it('no title or summary names a book or chapter the learner never saw', () => {
    for (const id of ['late-write', 'book-timeline', 'allocator-failover', 'split-race', 'early-stale', 'delayed-network', 'amnesia']) {
      const s = findShippedScenario(id);
      expect(`${s?.title} ${s?.summary}`, id).not.toMatch(/\bbook|chapter\b/i);
    }
  });

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

describe('true/false questions', () => {
  it('are not nearly all False: the answer alone gives nothing away', () => {
    const tf = bank.questions.filter((q) => q.type === 'truefalse');
    const trueOnes = tf.filter((q) => q.answer === true).length;
    expect(tf.length).toBeGreaterThanOrEqual(8);
    expect(trueOnes).toBeGreaterThanOrEqual(Math.floor(tf.length / 3));
    expect(tf.length - trueOnes).toBeGreaterThanOrEqual(Math.floor(tf.length / 3));
  });

  it('state a claim to judge, not a yes/no question answered True or False', () => {
    const asking = bank.questions.filter((q) => q.type === 'truefalse' && q.prompt.trim().endsWith('?')).map((q) => q.id);
    expect(asking).toEqual([]);
  });
});

describe('questions whose answer hung on an unstated condition', () => {
  it('pause-longer-than-lease-with-token: the new holder writes before the paused client wakes (else lesson 7 says A is accepted)', () => {
    expect(question('pause-longer-than-lease-with-token').prompt).toMatch(/another client\s+takes the lock and writes/);
  });

  it('exactly-once-parts asks for what a mark gives (never after a newer owner), not "only the current owner"', () => {
    expect(question('exactly-once-parts').prompt).not.toMatch(/current owner/);
    expect(question('exactly-once-parts').prompt).toMatch(/never\s+after a newer owner/);
  });

  it('the etcd questions name etcd in the prompt, not only in the options', () => {
    for (const id of ['lease-id-not-a-token', 'etcd-mutex-guard', 'etcd-token-is-create-revision', 'etcd-short-ttl-raised', 'etcd-restore-revision-bump']) {
      expect(question(id).prompt, id).toMatch(/etcd/);
    }
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
    const lockDelay = options.find((o) => /idempotency keys/.test(o));
    expect(lockDelay).toMatch(/Wait a while after a holder fails before granting again/);
    expect(options.join('\n')).not.toMatch(/stale holders wait/i);
  });
});

describe('wording held to the sources and to lesson 7', () => {
  const lesson = (file: string) => readFileSync(resolve(import.meta.dirname, '../../lessons', file), 'utf8').replace(/\s+/g, ' ');

  it('lesson 3 reports antirez as he argued: a store that rejects old tokens is linearizable and could mint the numbers', () => {
    const text = lesson('03-lease-budgets.md');
    expect(text).not.toMatch(/needs no strong lock/);
    expect(text).toMatch(/linearizable store .* Such a store could hand out the increasing numbers itself/);
  });

  it('no lesson promises that a superseded write is never accepted (an early stale write is)', () => {
    expect(lesson('03-lease-budgets.md')).not.toMatch(/never accepts a superseded writer's write/);
    expect(lesson('03-lease-budgets.md')).toMatch(/never lands after its successor's/);
  });

  it('lesson 4 says Redlock, not Redis, has no facility for tokens, as Kleppmann wrote', () => {
    const text = lesson('04-tokens-in-real-systems.md');
    expect(text).toMatch(/Redlock has no facility for generating fencing tokens/);
    expect(text).not.toMatch(/Redis has no facility/);
  });
});
