/**
 * An instructor's curriculum (`--content DIR`) appended to the shipped one,
 * and the plain lesson list, in-process.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLesson, loadCurriculumWithContent, loadShippedCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { lessonListText } from '../../src/render/lesson-list.js';
import { bankPrompts, lessonPlainText } from '../../src/render/lesson-plain.js';
import { textWidth } from '../../src/render/lesson-wrap.js';
import { ContentError } from '../../src/content/shared/problems.js';

const GOOD = resolve(import.meta.dirname, '../fixtures/curriculum/good');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('--content: an instructor curriculum after the shipped one', () => {
  it('appends its lessons, numbering on, and adds its new glossary terms', () => {
    const c = loadCurriculumWithContent(GOOD);
    expect(c.lessons).toHaveLength(15);
    expect(findLesson(c, '14')?.id).toBe('first-steps');
    expect(findLesson(c, 'second-look')?.number).toBe(15);
    // "token" and "lease" exist in the shipped glossary, which wins.
    const token = c.glossary.filter((t) => t.id === 'token');
    expect(token).toHaveLength(1);
    expect(token[0]!.file).toMatch(/^lessons\/glossary\.yaml$|[/\\]lessons[/\\]glossary\.yaml$/);
  });

  it('is the shipped curriculum alone without a folder, or when the folder has no lessons', () => {
    expect(loadCurriculumWithContent().lessons).toHaveLength(13);
    expect(loadCurriculumWithContent(join(GOOD, 'quizzes')).lessons).toHaveLength(13);
  });

  it('refuses an instructor lesson that reuses a shipped id, at its id line', () => {
    dir = mkdtempSync(join(tmpdir(), 'fence-tutor-content-'));
    cpSync(GOOD, dir, { recursive: true });
    for (const [file, from, to] of [
      ['lessons/manifest.yaml', 'id: first-steps', 'id: stale-holder'],
      ['lessons/01-first-steps.md', 'id: first-steps', 'id: stale-holder'],
      ['lessons/02-second-look.md', '[first-steps]', '[stale-holder]'],
      ['lessons/glossary.yaml', 'see: [first-steps]', 'see: [stale-holder]'],
    ] as const) {
      const p = join(dir, file);
      writeFileSync(p, readFileSync(p, 'utf8').replace(from, to));
    }
    try {
      loadCurriculumWithContent(dir);
      expect.unreachable('a clash must throw');
    } catch (err) {
      expect(err).toBeInstanceOf(ContentError);
      const p = (err as ContentError).problems[0]!;
      expect(p.file).toMatch(/01-first-steps\.md$/);
      expect(p.line).toBe(2);
      expect(p.message).toMatch(/already used by a shipped lesson/);
    }
  });

  it('prints an instructor lesson with its own scenario and question prompts', () => {
    const c = loadCurriculumWithContent(GOOD);
    const text = lessonPlainText(c, findLesson(c, 'first-steps')!, 70, false, GOOD);
    expect(text).toContain('Lesson 14. First steps');
    expect(text).toContain('The sink ends at');
    expect(text).toContain('A fencing token is minted by the coordinator.');
    expect(text).toContain('Which token passes a sink whose mark is 7?');
    expect(Math.max(...text.split('\n').map(textWidth))).toBeLessThanOrEqual(70);
  });

  it('reads prompts from the lesson’s own bank first, and the rest only when needed', () => {
    const shipped = resolve(import.meta.dirname, '../../quizzes');
    const own = bankPrompts([shipped], ['lease-id-not-a-token'], 'tokens-in-real-systems');
    expect(own.get('lease-id-not-a-token')).toMatch(/lease ID/);
    // Found in the lesson's own file: no other bank was read.
    const ownIds = readFileSync(join(shipped, 'tokens-in-real-systems.yaml'), 'utf8').match(/^ {2}- id: /gm) ?? [];
    expect(own.size).toBe(ownIds.length);
    expect(own.has('permission-decays-belief-does-not')).toBe(false);
    const elsewhere = bankPrompts([shipped], ['permission-decays-belief-does-not'], 'the-lab');
    expect(elsewhere.has('permission-decays-belief-does-not')).toBe(true);
    expect(bankPrompts(['/no/such/dir'], ['x'])).toEqual(new Map());
  });
});

describe('the plain lesson list', () => {
  const c = loadShippedCurriculum();
  it('numbers the lessons, shows minutes, and fits the width', () => {
    for (const width of [80, 50, 20]) {
      const text = lessonListText(c, width, false);
      for (const line of text.split('\n')) expect(textWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
    }
    const text = lessonListText(c, 80, false);
    expect(text).toMatch(/^13 lessons, about \d+ minutes in all\n/);
    const fourth = c.lessons[3];
    expect(text).toMatch(new RegExp(`^4\\. +${fourth?.title} · ${fourth?.id} +${fourth?.minutes} min$`, 'm'));
  });
  it('uses ASCII only when asked', () => {
    expect(lessonListText(c, 80, true)).toMatch(/^[\x20-\x7e\n]*$/);
  });
});
