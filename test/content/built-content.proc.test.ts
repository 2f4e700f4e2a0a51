/**
 * The build's snapshot of the shipped content (dist/content, issue 18) is
 * exactly what the project's own loaders, validator and plain renderer make
 * from the files, and its hash changes with any byte of any shipped file.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BUILT_FILES_FILE,
  BUILT_PLAIN_WIDTH,
  builtBank,
  builtContentDir,
  builtFilesHeader,
  builtContent,
  builtLessonPlain,
  builtScenario,
  shippedContentBytes,
  shippedContentIs,
  shippedContentTargets,
} from '../../src/content/shared/built-content.js';
import { allChallenges } from '../../src/content/challenges/challenge-files.js';
import { shippedContentHash } from '../../src/render/built-content-make.js';
import { checkCurriculum } from '../../src/content/lesson/lesson-loader.js';
import { lessonPlainText } from '../../src/render/lesson-plain.js';
import { loadShippedBank, shippedBankIds } from '../../src/content/quiz/quiz-loader.js';
import { findShippedScenario, listShippedScenarios } from '../../src/content/scenario/scenario-loader.js';
import { validateContent } from '../../src/content/validate/validate.js';
import { realLoaders } from '../../src/content/validate/validate-loaders.js';
import { snapshotLoaders } from '../../src/content/validate/snapshot-loaders.js';
import { shippedDir } from '../../src/platform/package-root.js';
import { ensureBuilt } from '../cli/cli-run.js';

// One generous bound for each test here (issue 31): the test waits for events; a loaded machine is slower, not wrong.
vi.setConfig({ testTimeout: 120_000 });

describe('the built snapshot of the shipped content', () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it('matches the files on disk (shipped.bin holds them byte for byte)', () => {
    expect(builtContent()).toBeDefined();
    const recorded = readFileSync(join(builtContentDir(), BUILT_FILES_FILE));
    expect(recorded.equals(Buffer.concat([builtFilesHeader(), shippedContentBytes()]))).toBe(true);
  });

  it('compares the shipped files with a copy byte for byte (any change, a missing or an extra byte is a mismatch)', () => {
    const bytes = shippedContentBytes();
    expect(shippedContentIs(bytes)).toBe(true);
    const changed = Buffer.from(bytes);
    changed[changed.length - 1] = changed[changed.length - 1]! ^ 1;
    expect(shippedContentIs(changed)).toBe(false);
    expect(shippedContentIs(bytes.subarray(0, bytes.length - 1))).toBe(false);
    expect(shippedContentIs(Buffer.concat([bytes, Buffer.from('x')]))).toBe(false);
  });

  it('holds the curriculum the lesson loader makes from the files', () => {
    const fromFiles = checkCurriculum(shippedDir('lessons'));
    expect(fromFiles.problems).toEqual([]);
    expect(builtContent()!.curriculum).toEqual(fromFiles.curriculum);
  });

  it("holds validate's verdict on the shipped content", () => {
    expect(builtContent()!.validate).toEqual(validateContent(shippedContentTargets(), realLoaders));
  });

  it('holds every lesson laid out by the plain renderer, Unicode and ASCII', () => {
    const curriculum = checkCurriculum(shippedDir('lessons')).curriculum!;
    expect(curriculum.lessons.length).toBeGreaterThan(0);
    for (const lesson of curriculum.lessons) {
      for (const ascii of [false, true]) {
        expect(builtLessonPlain(lesson.id, BUILT_PLAIN_WIDTH, ascii), `${lesson.id} ascii=${ascii}`).toBe(
          lessonPlainText(curriculum, lesson, BUILT_PLAIN_WIDTH, ascii),
        );
      }
    }
  });

  it('holds the whole bank and every shipped bank as the quiz loader makes them (predict keys included)', () => {
    expect(builtBank(undefined)).toEqual(loadShippedBank());
    expect(builtBank('all')).toEqual(loadShippedBank());
    const ids = shippedBankIds();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(builtBank(id), id).toEqual(loadShippedBank(id));
    expect(builtBank('no-such-bank')).toBeUndefined();
    expect(builtBank('constructor')).toBeUndefined();
  });

  it("holds the shipped questions' ids, lessons and lines as validate reads them (what --content DIR is checked against)", () => {
    const fromFiles = realLoaders.shippedQuestions();
    expect(fromFiles.length).toBeGreaterThan(0);
    expect(builtContent()!.questionRefs).toEqual(fromFiles);
  });

  it('checking a content dir against the snapshot finds what checking it against the files finds', () => {
    const dir = join(import.meta.dirname, '../fixtures/content');
    const loaders = snapshotLoaders();
    expect(loaders).not.toBe(realLoaders);
    for (const course of readdirSync(dir)) {
      const parts = ['lessons', 'quizzes', 'scenarios', 'challenges'].map((p) => join(dir, course, p)).filter((p) => existsSync(p));
      expect(validateContent(parts, loaders), course).toEqual(validateContent(parts, realLoaders));
    }
  });

  it('holds the shipped scenarios as the scenario loader lists them', () => {
    const fromFiles = listShippedScenarios();
    expect(fromFiles.length).toBeGreaterThan(0);
    expect(builtContent()!.scenarios).toEqual(fromFiles);
  });

  it('holds each shipped scenario in a file of its own, as the scenario loader finds it, a fresh copy each time', () => {
    for (const scenario of listShippedScenarios()) {
      const built = builtScenario(scenario.id);
      expect(built, scenario.id).toEqual(findShippedScenario(scenario.id));
      expect(builtScenario(scenario.id)).not.toBe(built);
    }
    expect(builtScenario('no-such-scenario')).toBeUndefined();
  });

  it('holds the shipped challenges as the challenge loader lists them', () => {
    const fromFiles = allChallenges();
    expect(fromFiles.length).toBeGreaterThanOrEqual(12);
    expect(builtContent()!.challenges).toEqual(fromFiles);
  });

  it('offers no laid-out text at another width (the renderer does that)', () => {
    const first = builtContent()!.curriculum.lessons[0]!;
    expect(builtLessonPlain(first.id, BUILT_PLAIN_WIDTH + 1, false)).toBeUndefined();
  });
});

describe('shippedContentHash (of shippedContentBytes)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'fence-tutor-hash-'));
    for (const d of ['lessons', 'quizzes', 'scenarios']) mkdirSync(join(root, d));
    writeFileSync(join(root, 'lessons', 'a.md'), 'one');
    writeFileSync(join(root, 'scenarios', 's.yaml'), 'id: s');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('changes with a byte of a file, a new file, a renamed file, and a file in a subfolder', () => {
    const seen = new Set([shippedContentHash(root)]);
    writeFileSync(join(root, 'lessons', 'a.md'), 'onE');
    seen.add(shippedContentHash(root));
    writeFileSync(join(root, 'quizzes', 'q.yaml'), '');
    seen.add(shippedContentHash(root));
    rmSync(join(root, 'quizzes', 'q.yaml'));
    writeFileSync(join(root, 'quizzes', 'r.yaml'), '');
    seen.add(shippedContentHash(root));
    mkdirSync(join(root, 'lessons', 'more'));
    writeFileSync(join(root, 'lessons', 'more', 'b.md'), '');
    seen.add(shippedContentHash(root));
    expect(seen.size).toBe(5);
  });

  it('is the same for the same files', () => {
    expect(shippedContentHash(root)).toBe(shippedContentHash(root));
  });
});
