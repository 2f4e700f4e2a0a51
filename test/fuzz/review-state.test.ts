/**
 * The learner's review boxes (a JSON file in the data directory). A file that
 * does not parse or validate is set aside and a fresh state started; the
 * validator must say "malformed" with a plain Error, never crash on odd JSON.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseReviewState } from '../../src/core/quiz/leitner.js';
import { readJsonOrSetAside } from '../../src/content/shared/state-file.js';
import { RUNS } from './harness.js';

const entry = fc.record({
  box: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string()),
  dueAt: fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.string(),
    fc.integer(),
  ),
  lastAnsweredAt: fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constant(null),
  ),
});
const stateLike = fc.oneof(
  fc.jsonValue(),
  fc.record({ schemaVersion: fc.jsonValue(), questions: fc.dictionary(fc.string(), fc.oneof(entry, fc.jsonValue())) }),
);

describe('review state under fuzzing', () => {
  it('parseReviewState gives a state or a plain Error for any JSON value', () => {
    fc.assert(
      fc.property(stateLike, (raw) => {
        try {
          const state = parseReviewState(raw);
          for (const e of Object.values(state.questions)) {
            expect(Number.isInteger(e.box)).toBe(true);
            expect(Number.isNaN(Date.parse(e.dueAt))).toBe(false);
          }
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect((err as Error).name, (err as Error).stack).toBe('Error');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a corrupt review file is set aside and a fresh state starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-tutor-fuzz-review-'));
    try {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 200 }),
            stateLike.map((v) => JSON.stringify(v) ?? ''),
          ),
          (text) => {
            const path = join(dir, 'review.json');
            writeFileSync(path, text);
            const fresh = { schemaVersion: 1, questions: {} };
            const got = readJsonOrSetAside(
              path,
              () => fresh,
              parseReviewState,
              () => {},
            );
            expect(typeof got.value.questions).toBe('object');
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
