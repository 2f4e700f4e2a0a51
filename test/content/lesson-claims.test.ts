/**
 * Claims checked by the engine (lessons/FORMAT.md, "Claims"): every shipped
 * scenario block declares what its caption and text state and the engine
 * agrees; a wrong claim in an instructor's lesson is refused by `validate`
 * and by `--content`, at the line of the field, saying what the engine gives.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import type { ScenarioBlock } from '../../src/content/lesson/lesson-types.js';
import { parseLesson } from '../../src/content/lesson/lesson-parse.js';
import { findShippedScenario } from '../../src/content/scenario/scenario-loader.js';
import { validateContent } from '../../src/content/validate/validate.js';
import { realLoaders } from '../../src/content/validate/validate-loaders.js';
import { checkClaims } from '../../src/core/claims.js';
import { runCliInProcess } from '../helpers/cli-in-process.js';

const GOOD = resolve(import.meta.dirname, '../fixtures/curriculum/good');

const curriculum = loadShippedCurriculum();
const blocks = curriculum.lessons.flatMap((lesson) =>
  lesson.blocks.filter((b): b is ScenarioBlock => b.kind === 'scenario').map((block) => ({ lesson, block })),
);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function goodCopyWithClaim(claimYaml: string): { root: string; lesson: string } {
  dir = mkdtempSync(join(tmpdir(), 'fence-tutor-claims-'));
  cpSync(GOOD, dir, { recursive: true });
  const lesson = join(dir, 'lessons', '01-first-steps.md');
  const text = readFileSync(lesson, 'utf8').replace('caption: Watch the late write land.\n', `caption: Watch the late write land.\nexpect:\n${claimYaml}`);
  writeFileSync(lesson, text);
  return { root: dir, lesson };
}

describe('the shipped lessons’ claims', () => {
  it('every scenario block carries claims', () => {
    const missing = blocks.filter(({ block }) => (block.claims ?? []).length === 0).map(({ lesson, block }) => `${lesson.file}:${block.line}`);
    expect(missing).toEqual([]);
  });

  it('the engine agrees with every claim', () => {
    let checked = 0;
    for (const { lesson, block } of blocks) {
      const scenario = findShippedScenario(block.scenarioId);
      expect(scenario, block.scenarioId).toBeDefined();
      const claims = block.claims ?? [];
      expect(checkClaims(scenario!, block.overrides, claims), `${lesson.file}:${block.line}`).toEqual([]);
      checked += claims.length;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('a claim the engine contradicts', () => {
  it('validate reports it at the field’s line with what the engine gives', () => {
    // fixture-late with fencing off: A's late write lands, so "a" is final.
    const { root, lesson } = goodCopyWithClaim('  - final: "a"\n    staleAcceptances: 1\n  - with: {fencing: on}\n    final: "a"\n');
    const problems = validateContent([root], realLoaders).problems;
    expect(problems).toHaveLength(1);
    const p = problems[0]!;
    const lines = readFileSync(lesson, 'utf8').split('\n');
    expect(p.file).toMatch(/01-first-steps\.md$/);
    expect(lines[p.line - 1]).toBe('    final: "a"');
    expect(lines[p.line - 2]).toMatch(/with: \{fencing: on\}/);
    expect(p.message).toBe('claim 2 of the "fixture-late" block (fencing on): "final" says "a", but the engine gives "b"');
    expect(p.fix).toMatch(/fence-tutor sim fixture-late/);
  });

  it('a malformed claim is a schema problem at its line', () => {
    const { lesson } = goodCopyWithClaim('  - staleAcceptances: many\n');
    const parsed = parseLesson(readFileSync(lesson, 'utf8'), 'x.md');
    expect(parsed.problems).toHaveLength(1);
    const lines = readFileSync(lesson, 'utf8').split('\n');
    expect(lines[parsed.problems[0]!.line - 1]).toContain('staleAcceptances: many');
    expect(parsed.problems[0]!.message).toMatch(/expect\.0\.staleAcceptances/);
  });

  it('`--content DIR lessons` and `validate DIR` refuse it with exit 2, naming file and line', async () => {
    const { root } = goodCopyWithClaim('  - {final: "a", explore: {stale: none}}\n');
    for (const args of [
      ['--content', root, 'lessons', '--plain'],
      ['validate', root],
    ]) {
      const r = await runCliInProcess(args, { NO_COLOR: '1' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(
        /01-first-steps\.md:\d+: claim 1 of the "fixture-late" block \(fencing off\): "explore\.stale" says none, but the engine gives 1 of 2 \(some\)/,
      );
    }
  });

  it("a grants claim the engine contradicts is reported at the actor's line", () => {
    // fixture-late: B is granted token 2; the claim says 3.
    const { root, lesson } = goodCopyWithClaim('  - final: "a"\n    grants:\n      A: {token: 1}\n      B: {token: 3}\n');
    const problems = validateContent([root], realLoaders).problems;
    expect(problems).toHaveLength(1);
    const lines = readFileSync(lesson, 'utf8').split('\n');
    expect(lines[problems[0]!.line - 1]).toBe('      B: {token: 3}');
    expect(problems[0]!.message).toMatch(/"grants\.B" says token 3, but the engine gives token 2 at tick \d+/);
  });

  it("a writes claim the engine contradicts is reported at the actor's line", () => {
    // fixture-late with fencing off: A's late write at 20 is accepted.
    const { root, lesson } = goodCopyWithClaim('  - writes:\n      B: {sent: 13, result: accepted}\n      A: {sent: 20, result: rejected}\n');
    const problems = validateContent([root], realLoaders).problems;
    expect(problems).toHaveLength(1);
    const lines = readFileSync(lesson, 'utf8').split('\n');
    expect(lines[problems[0]!.line - 1]).toBe('      A: {sent: 20, result: rejected}');
    expect(problems[0]!.message).toMatch(/"writes\.A" says sent at 20, rejected, but the engine gives sent at 20, accepted/);
  });

  it('a grant token that is not a token is a schema problem', () => {
    const { lesson } = goodCopyWithClaim('  - grants: {B: {token: "two"}}\n');
    const parsed = parseLesson(readFileSync(lesson, 'utf8'), 'x.md');
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]!.message).toMatch(/grants/);
  });

  it('a claim that holds passes', () => {
    const { root } = goodCopyWithClaim('  - {final: "a", staleAcceptances: 1, rejected: [], explore: {orderings: 2, stale: 1}}\n');
    expect(validateContent([root], realLoaders).problems).toEqual([]);
  });
});

/**
 * Numbers the prose takes from a scenario's outcome (lessons/FORMAT.md,
 * "Numbers in the prose"): in a sentence that counts orderings or stale
 * acceptances, every number must be one that a claim of the same lesson
 * states, so the engine backs it.
 */
function claimedNumbers(blocksOf: readonly ScenarioBlock[]): Set<number> {
  const numbers = new Set<number>();
  for (const claim of blocksOf.flatMap((b) => b.claims ?? [])) {
    if (claim.staleAcceptances !== undefined) numbers.add(claim.staleAcceptances);
    const e = claim.explore;
    if (e?.orderings !== undefined) numbers.add(e.orderings);
    if (typeof e?.stale === 'number') numbers.add(e.stale);
    for (const n of Object.values(e?.finalValues ?? {})) numbers.add(n);
  }
  return numbers;
}

function countingSentences(markdown: string): string[] {
  // Code is not prose; "lesson 6", "tick 31", "item 4" name things, they count nothing.
  const prose = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\b(lessons?|ticks?|items?|sections?) \d+/gi, '$1')
    .replace(/\s+/g, ' ');
  return prose.split(/(?<=[.!?:;])\s/).filter((s) => /\borderings?\b|\bstale acceptances?\b/i.test(s));
}

describe('numbers in the prose', () => {
  it('finds the counting sentences and their numbers (the rule can fail)', () => {
    const s = countingSentences(
      'Intro. With a split check, 6 of the 15 orderings go wrong. `7 orderings` in code is not prose. Lesson 6 counts every ordering.',
    );
    expect(s).toEqual(['With a split check, 6 of the 15 orderings go wrong.', 'Lesson counts every ordering.']);
  });

  it('every number in a sentence counting orderings or stale acceptances is stated by a claim of the lesson', () => {
    const unbacked: string[] = [];
    let found = 0;
    for (const lesson of curriculum.lessons) {
      const own = lesson.blocks.filter((b): b is ScenarioBlock => b.kind === 'scenario');
      const numbers = claimedNumbers(own);
      const markdown = lesson.segments.flatMap((s) => (s.kind === 'markdown' ? [s.text] : [])).join('\n');
      for (const sentence of countingSentences(markdown)) {
        for (const m of sentence.matchAll(/\b\d+\b/g)) {
          found++;
          if (!numbers.has(Number(m[0]))) unbacked.push(`${lesson.file}: ${m[0]} in "${sentence}"`);
        }
      }
    }
    expect(unbacked).toEqual([]);
    expect(found).toBeGreaterThanOrEqual(3);
  });
});

/**
 * Ticks and tokens a caption states (lessons/FORMAT.md, "Numbers in the
 * prose"): a tick that is not one of the scenario's own steps is an outcome
 * (when a grant happened, when a write arrived), and so is a token; each must
 * be stated by a claim of the same block (`grants`, `writes`, `mark`).
 */
function captionFacts(caption: string): { ticks: number[]; tokens: string[] } {
  const ticks = [...caption.matchAll(/\b(?:ticks?|at) (\d+)\b(?! ticks?)/g)].map((m) => Number(m[1]));
  const tokens = [...caption.matchAll(/\btoken (\d+(?::\d+)?)/g)].map((m) => m[1] as string);
  return { ticks, tokens };
}

function blockFacts(block: ScenarioBlock, stepTicks: readonly number[]): { ticks: Set<number>; tokens: Set<string> } {
  const ticks = new Set(stepTicks);
  const tokens = new Set<string>();
  for (const claim of block.claims ?? []) {
    if (claim.mark) tokens.add(claim.mark);
    for (const grants of Object.values(claim.grants ?? {})) {
      for (const g of grants) {
        if (g.at !== undefined) ticks.add(g.at);
        if (g.token !== undefined) tokens.add(g.token);
      }
    }
    for (const writes of Object.values(claim.writes ?? {})) {
      for (const w of writes) {
        if (w.sent !== undefined) ticks.add(w.sent);
        if (w.arrives !== undefined) ticks.add(w.arrives);
      }
    }
  }
  return { ticks, tokens };
}

describe('ticks and tokens in captions', () => {
  it('finds the ticks and tokens a caption states (the rule can fail)', () => {
    expect(
      captionFacts("B is granted the lock at tick 11. A's write with token 1 arrives after B's token 1:3; B's write at 16 wins. The lease is 10 ticks."),
    ).toEqual({
      ticks: [11, 16],
      tokens: ['1', '1:3'],
    });
  });

  it('every tick that is not a step, and every token, in a caption is stated by a claim of its block', () => {
    const unbacked: string[] = [];
    let found = 0;
    for (const { lesson, block } of blocks) {
      if (!block.caption) continue;
      const scenario = findShippedScenario(block.scenarioId)!;
      const known = blockFacts(
        block,
        scenario.steps.map((s) => s.at),
      );
      const { ticks, tokens } = captionFacts(block.caption);
      found += ticks.length + tokens.length;
      for (const t of ticks) if (!known.ticks.has(t)) unbacked.push(`${lesson.file}:${block.line}: tick ${t}`);
      for (const t of tokens) if (!known.tokens.has(t)) unbacked.push(`${lesson.file}:${block.line}: token ${t}`);
    }
    expect(unbacked).toEqual([]);
    expect(found).toBeGreaterThanOrEqual(10);
  });
});
