/**
 * The shipped curriculum: thirteen lessons with the fixed ids others reference,
 * every embedded scenario runs, every lesson prints within 80 and 60
 * columns, and every quiz block names questions that belong to its lesson.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { lessonPlainText } from '../../src/render/lesson-plain.js';
import { textWidth } from '../../src/render/lesson-wrap.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { loadShippedBank } from '../../src/content/quiz/quiz-loader.js';
import { simulate } from '../../src/core/engine.js';
import { explore } from '../../src/core/explorer.js';
import { SHIPPED_LESSON_IDS } from '../helpers/lesson-ids.js';

const IDS: readonly string[] = SHIPPED_LESSON_IDS;

const curriculum = loadShippedCurriculum();

describe('the shipped curriculum', () => {
  it('has the thirteen lessons, in order, with their fixed ids', () => {
    expect(curriculum.lessons.map((l) => l.id)).toEqual(IDS);
    expect(curriculum.lessons.map((l) => l.number)).toEqual(IDS.map((_, i) => i + 1));
  });

  it('gives every lesson goals, minutes and a References section citing sources', () => {
    for (const l of curriculum.lessons) {
      expect(l.goals.length, l.id).toBeGreaterThan(0);
      expect(l.minutes, l.id).toBeGreaterThan(0);
      const refs = l.body.split('\n## References')[1];
      expect(refs, `${l.id} has no References section`).toBeDefined();
      expect(refs!.match(/https?:\/\//g)?.length ?? 0, l.id).toBeGreaterThanOrEqual(2);
      // References close the lesson.
      expect(refs!.includes('\n## '), `${l.id}: a section after References`).toBe(false);
    }
  });

  it('has a glossary with the core terms, each taught somewhere', () => {
    const ids = curriculum.glossary.map((t) => t.id);
    for (const term of ['lease', 'holder', 'grant', 'token', 'epoch', 'high-water-mark', 'generation', 'keepalive', 'fencing', 'idempotency']) {
      expect(ids).toContain(term);
    }
    const linked = new Set(curriculum.lessons.flatMap((l) => l.links.filter((k) => k.scheme === 'glossary').map((k) => k.target)));
    for (const t of ['lease', 'token', 'high-water-mark', 'fencing', 'idempotency', 'epoch']) expect(linked).toContain(t);
  });

  it('runs every embedded scenario with its toggles', () => {
    let blocks = 0;
    for (const l of curriculum.lessons) {
      for (const b of l.blocks) {
        if (b.kind !== 'scenario') continue;
        blocks++;
        const s = findShippedScenario(b.scenarioId);
        expect(s, `${l.file}:${b.line} ${b.scenarioId}`).toBeDefined();
        const r = simulate(s!, b.overrides);
        expect(r.writes.length, `${b.scenarioId} writes`).toBeGreaterThan(0);
      }
    }
    expect(blocks).toBeGreaterThanOrEqual(11);
    // Every lesson lets the learner try at least one timeline.
    for (const l of curriculum.lessons)
      expect(
        l.blocks.some((b) => b.kind === 'scenario'),
        l.id,
      ).toBe(true);
  });

  it('shows what the text says: fencing off loses B’s write in late-write, on keeps it', () => {
    const s = findShippedScenario('late-write')!;
    expect(simulate(s, { fencing: false }).final.value).toBe('1');
    expect(simulate(s, { fencing: true }).final.value).toBe('100');
    // Lesson 8's claim: volatile minting reissues token 1 to C after the failover.
    const failover = simulate(findShippedScenario('allocator-failover')!, { minting: 'volatile' });
    expect(failover.grants.at(-1)).toMatchObject({ actor: 'C', token: [0, 1] });
    // Lesson 8's amnesia claim: the forgetful sink lets A's late write land last, whatever the minting.
    for (const minting of ['durable', 'volatile'] as const)
      expect(simulate(findShippedScenario('amnesia')!, { minting })).toMatchObject({ staleAcceptances: 1, final: { value: 'A2' } });
    // Lesson 6's figures: 6 of 15 orderings stale with a split check, none of 3 when atomic.
    const lateWrite = findShippedScenario('late-write')!;
    const split = explore(lateWrite, { check: 'split' });
    expect([split.orderings, split.orderingsWithStaleAcceptance]).toEqual([15n, 6n]);
    const atomic = explore(lateWrite, { check: 'atomic' });
    expect([atomic.orderings, atomic.orderingsWithStaleAcceptance]).toEqual([3n, 0n]);
    const lesson6 = curriculum.lessons.find((l) => l.id === 'atomic-vs-split')!.body.replace(/\s+/g, ' ');
    expect(lesson6).toContain('6 of the 15 possible orderings end with a stale acceptance');
  });

  it('points every quiz block at questions of its own lesson, and uses every question once', () => {
    const bank = loadShippedBank();
    const byId = new Map(bank.questions.map((q) => [q.id, q]));
    const used: string[] = [];
    for (const l of curriculum.lessons) {
      const ids = l.blocks.flatMap((b) => (b.kind === 'quiz' ? b.ids : []));
      expect(ids.length, l.id).toBeGreaterThan(0);
      for (const id of ids) {
        expect(byId.get(id)?.lesson, `${l.id} → ${id}`).toBe(l.id);
        used.push(id);
      }
    }
    expect(new Set(used).size).toBe(used.length);
    expect(used).toContain('lease-id-not-a-token');
    expect(used).toContain('fencing-not-idempotency');
  });

  for (const width of [80, 60]) {
    it(`prints every lesson at ${width} columns with no longer line, timelines included`, () => {
      for (const l of curriculum.lessons) {
        const text = lessonPlainText(curriculum, l, width, false);
        // A URL wider than the line is kept whole on its own line (lesson-urls.test.ts).
        const long = text.split('\n').filter((line) => textWidth(line) > width && !/^\s*([-*•]\s+)?\S*:\/\/\S+$/.test(line));
        expect(long, `${l.id} at ${width}`).toEqual([]);
        expect(text.replace(/\s+/g, ' ')).toContain(`Lesson ${l.number}. ${l.title}`);
        // The engine drew each embedded scenario: its axis and outcome are there.
        expect(text).toMatch(/coordinator/);
        expect(text).toMatch(/The sink ends at/);
        expect(text).not.toMatch(/[\u001b\u009b]/);
      }
    });
  }

  it('prints in ASCII when asked', () => {
    for (const l of curriculum.lessons) {
      const text = lessonPlainText(curriculum, l, 80, true);
      expect(text, l.id).toMatch(/^[\x20-\x7e\n]*$/);
    }
  });

  it('applies the checked facts where the seeds were imprecise', () => {
    const all = curriculum.lessons.map((l) => readFileSync(`${curriculum.dir}/${l.file.split('/').pop()}`, 'utf8')).join('\n');
    // Lock-delay is client-chosen up to a one-minute bound, and only after a failure.
    expect(all).toMatch(/client chooses this delay when it opens the lock,\s+up to a bound that the paper gives as one minute/);
    expect(all).toMatch(/applies only after a failure/);
    expect(all).not.toMatch(/default (lock-delay|of one minute)/i);
    // etcd's mutex guards with CreateRevision == 0; the lease ID is not a token.
    expect(all).toMatch(/CreateRevision\(key\) == 0/);
    // resourceVersion: equality only before 1.35.
    expect(all).toMatch(/Until Kubernetes 1\.35/);
  });
});
