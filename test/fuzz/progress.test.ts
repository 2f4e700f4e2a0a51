/**
 * The learner's progress file. Any content gives a usable state: a valid file
 * is read, anything else is set aside with a warning and a fresh state starts;
 * the validator fails with a plain Error, never a crash on odd JSON.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProgress, PROGRESS_FILE, PROGRESS_SCHEMA_VERSION, parseProgress } from '../../src/progress/progress-file.js';
import { RUNS } from './harness.js';

const iso = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
const odd = fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom(Number.NaN, -1, 1e308, '', null));
const lesson = fc.record(
  {
    firstOpenedAt: fc.oneof(iso, odd),
    lastOpenedAt: fc.oneof(iso, odd),
    position: fc.oneof(fc.double(), odd),
    readPercent: fc.oneof(fc.double(), odd),
    anchor: fc.oneof(fc.string(), odd),
    endReached: fc.oneof(fc.boolean(), odd),
    timeSpentMs: fc.oneof(fc.integer(), odd),
    completedAt: fc.oneof(iso, odd),
    selfCheck: fc.oneof(
      fc.dictionary(fc.string(), fc.oneof(fc.record({ correct: fc.boolean(), attempts: fc.oneof(fc.nat(), odd), answeredAt: fc.oneof(iso, odd) }), odd)),
      odd,
    ),
  },
  { requiredKeys: [] },
);
const progressLike = fc.oneof(
  fc.jsonValue(),
  fc.record({
    schemaVersion: fc.oneof(fc.constant(PROGRESS_SCHEMA_VERSION), odd),
    lastLessonId: fc.oneof(fc.string(), odd),
    lessons: fc.oneof(fc.dictionary(fc.string(), fc.oneof(lesson, odd)), odd),
  }),
);

describe('progress under fuzzing', () => {
  it('parseProgress gives a sane state or a plain Error for any JSON value', () => {
    fc.assert(
      fc.property(progressLike, (raw) => {
        try {
          const state = parseProgress(raw);
          for (const l of Object.values(state.lessons)) {
            expect(l.position >= 0 && l.position <= 1).toBe(true);
            expect(l.readPercent >= 0 && l.readPercent <= 100).toBe(true);
            expect(l.timeSpentMs >= 0).toBe(true);
          }
        } catch (err) {
          expect((err as Error).name, (err as Error).stack).toBe('Error');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a corrupt progress file is set aside (whole, or only its bad entries: issue 38) with a warning, and a sane state starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fuzz-progress-'));
    try {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 200 }),
            progressLike.map((v) => JSON.stringify(v) ?? ''),
          ),
          (text) => {
            writeFileSync(join(dir, PROGRESS_FILE), text);
            const warnings: string[] = [];
            const state = loadProgress(dir, (m) => warnings.push(m));
            expect(state.schemaVersion).toBe(PROGRESS_SCHEMA_VERSION);
            // Either it was read whole, or a copy of it as it was is set aside with a warning (the file
            // itself moved aside, or kept without the entries that could not be read).
            if (warnings.length > 0) {
              expect(warnings).toHaveLength(1);
              expect(readdirSync(dir).some((f) => f.startsWith(`${PROGRESS_FILE}.corrupt-`))).toBe(true);
            }
            for (const f of readdirSync(dir)) rmSync(join(dir, f));
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
