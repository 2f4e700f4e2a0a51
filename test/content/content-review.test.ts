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

describe('issue 34: the last errors, held to their sources', () => {
  const lesson = (file: string) => readFileSync(resolve(import.meta.dirname, '../../lessons', file), 'utf8').replace(/\s+/g, ' ');
  const glossary = readFileSync(resolve(import.meta.dirname, '../../lessons/glossary.yaml'), 'utf8').replace(/\s+/g, ' ');

  it('a PUT without a resourceVersion is refused for Leases and custom resources; a PATCH without one is applied', () => {
    expect(glossary).not.toMatch(/an update that carries none is applied unconditionally/);
    expect(glossary).toMatch(/An update \(PUT\) that carries none is refused for a Lease or a custom resource/);
    expect(glossary).toMatch(/a PATCH that sets none is applied unconditionally/);
    expect(question('resourceversion-equality-only').explanation).toMatch(/PATCH that sets none is applied unconditionally/);
    expect(question('resourceversion-equality-only').explanation).not.toMatch(/omits resourceVersion is not checked/);
    expect(lesson('03-lease-budgets.md')).not.toMatch(/compared only when the request carries one/);
  });

  it('a second BEGIN IMMEDIATE waits only with a busy timeout, else fails with SQLITE_BUSY', () => {
    expect(lesson('05-implementation.md')).not.toMatch(/the second writer waits at `BEGIN` instead/);
    expect(lesson('05-implementation.md')).toMatch(/busy timeout .* fails with `SQLITE_BUSY`/);
    expect(optionsOf('lab-begin-immediate').join('\n')).toMatch(/waits out the busy timeout or fails with SQLITE_BUSY/);
    expect(question('lab-begin-immediate').explanation).toMatch(/only if a busy timeout is set/);
  });

  it("token-checked-at-acquire-only's distractors are all false, and lab-run-order has one valid order", () => {
    expect(optionsOf('token-checked-at-acquire-only').join('\n')).not.toMatch(/never acquired/);
    // The sink, coordinator and workers start together (lesson 11): no step of theirs is ordered.
    expect(optionsOf('lab-run-order').join('\n')).not.toMatch(/Start the/);
    expect(lesson('11-the-lab.md')).toMatch(/both workers' processes at once/);
  });

  it("split-race-final-value's prompt states the 3-tick gap and the arrival ticks the engine runs", () => {
    const run = simulate(findShippedScenario('split-race')!, { check: 'split' });
    const [b, a] = [run.writes.find((w) => w.actor === 'B'), run.writes.filter((w) => w.actor === 'A').at(-1)];
    expect([b?.arrivedAt, a?.arrivedAt, a?.appliedAt]).toEqual([7, 8, 11]);
    expect(question('split-race-final-value').prompt).toMatch(/tick 7 .* tick 8\. .* three ticks later/s);
  });

  it('lab-failover-token-after-election rests on the replicated log that lesson 8 teaches, not on an untaught majority', () => {
    expect(optionsOf('lab-failover-token-after-election').join('\n')).not.toMatch(/majority/);
    expect(lesson('08-failover-monotonicity.md')).toMatch(/replicated log/);
  });

  it('the minimum TTL is cited from server.go, where it is computed; the raise from lessor.go', () => {
    for (const file of ['05-implementation.md', '11-the-lab.md']) {
      expect(lesson(file), file).toMatch(/server\/etcdserver\/server\.go` \(`NewServer`: the minimum/);
      expect(lesson(file), file).not.toMatch(/lessor\.go` \(minimum TTL/);
    }
    expect(question('etcd-short-ttl-raised').source).toMatch(/server\.go \(NewServer: minTTL/);
  });

  it('lesson 3 derives the lease budget L > 2d + p + s with a worked example, and reports antirez without overstating', () => {
    const text = lesson('03-lease-budgets.md');
    expect(text).toMatch(/L > 2d \+ p \+ s/);
    expect(text).toMatch(/L > 0\.2 \+ 1 \+ 0\.05 = 1\.25 s/);
    expect(text).not.toMatch(/the part neither side disputes/);
    expect(text).toMatch(/Breaking Redlock with bad timings/);
  });

  it('lesson 2 names linearizability and cites the Kleppmann section it quotes', () => {
    const text = lesson('02-token-contract.md');
    expect(text).toMatch(/\*\*linearizability\*\*/);
    expect(text).toMatch(/"Protecting a resource with a lock"/);
  });
});
