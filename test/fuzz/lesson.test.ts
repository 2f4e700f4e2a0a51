/** Lessons (Markdown with front matter) and the lesson manifest under fuzzing. */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCurriculum, looksLikeLesson } from '../../src/content/lesson/lesson-loader.js';
import { parseManifest } from '../../src/content/lesson/lesson-manifest.js';
import { parseLessonOrThrow } from '../../src/content/lesson/lesson-parse.js';
import { ContentError, type Problem } from '../../src/content/shared/problems.js';
import type { Lesson } from '../../src/content/lesson/lesson-types.js';
import { aliasBomb, fuzzLoader, hugeDocument, outcome } from './harness.js';

const root = resolve(import.meta.dirname, '../..');

/** Lesson files of the fixture curriculum (the shipped ones are checked by `validate`'s tests). */
function markdownSeeds(): string[] {
  const out: string[] = [];
  for (const dir of [join(root, 'test', 'fixtures', 'curriculum')]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir, { recursive: true }) as string[]) {
      if (!f.endsWith('.md')) continue;
      const text = readFileSync(join(dir, f), 'utf8');
      if (looksLikeLesson(text)) out.push(text);
    }
  }
  return out.slice(0, 6);
}

function manifestSeeds(): string[] {
  return [join(root, 'test', 'fixtures', 'curriculum', 'good', 'lessons', 'manifest.yaml')].filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8'));
}

/** parseManifest reports into a list; turn that into the loader contract. */
function loadManifest(text: string, file: string): unknown {
  const problems: Problem[] = [];
  const parsed = parseManifest(text, file, problems);
  if (problems.length > 0) throw new ContentError(problems);
  if (!parsed) throw new Error('parseManifest returned nothing and reported no problem');
  return parsed;
}

describe('lessons under fuzzing', () => {
  fuzzLoader(
    {
      name: 'lesson',
      load: parseLessonOrThrow,
      seeds: markdownSeeds(),
      // Only the front matter is YAML; mutate the whole file as text.
      toDocument: (text) => ({ text }),
      // The size cap is the file reader's job: tested below on a curriculum folder.
      sizeCapped: false,
      check: (value) => {
        const lesson = value as Lesson;
        expect(typeof lesson.id).toBe('string');
        expect(lesson.body).not.toMatch(/\u001b/);
      },
    },
    it,
  );

  it('refuses an alias bomb in the front matter', () => {
    const bomb = `---\n${aliasBomb()}id: bomb\ntitle: Bomb\n---\n\nBody.\n`;
    expect(outcome(parseLessonOrThrow, bomb)).toBe('refused');
  });

  it('refuses a lesson file over 1 MiB in a curriculum folder', () => {
    const fixture = join(root, 'test', 'fixtures', 'curriculum', 'good', 'lessons');
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fuzz-lessons-'));
    try {
      cpSync(fixture, dir, { recursive: true });
      const first = readdirSync(dir).filter((f) => f.endsWith('.md') && looksLikeLesson(readFileSync(join(dir, f), 'utf8')))[0]!;
      writeFileSync(join(dir, first), hugeDocument(readFileSync(join(dir, first), 'utf8')));
      expect(() => loadCurriculum(dir)).toThrow(ContentError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  fuzzLoader({ name: 'lesson manifest', load: loadManifest, seeds: manifestSeeds() }, it);
});
