/** Exercises in the progress file: a 0.1.0 file still loads, parsing, merging, the summary and its text. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProgress, parseProgress, type ProgressState } from '../../src/progress/progress-file.js';
import { mergeProgress } from '../../src/progress/progress-merge.js';
import { progressLines } from '../../src/ui/progress-text.js';
import { summarize } from '../../src/progress/summary.js';
import { emptyReview } from '../../src/core/quiz/leitner.js';

/** A progress file exactly as fence-tutor 0.1.0 wrote it: no `exercises`. */
const WRITTEN_BY_0_1_0 = {
  schemaVersion: 1,
  lastLessonId: 'stale-holder',
  lessons: {
    'stale-holder': {
      firstOpenedAt: '2026-11-01T10:00:00.000Z',
      lastOpenedAt: '2026-11-01T10:05:00.000Z',
      position: 0.5,
      readPercent: 60,
      endReached: false,
      timeSpentMs: 120000,
      selfCheck: {},
    },
  },
};

const EXERCISES = [
  { id: 'fence-the-sink', title: 'Fence the sink', lesson: 'implementation' },
  { id: 'split-the-check', title: 'Split the check', lesson: 'atomic-vs-split' },
  { id: 'early-write', title: 'Register the new token early', lesson: 'limits-of-fencing' },
];

describe('exercise progress', () => {
  it('a progress file written by 0.1.0 still loads, with no exercises, and no warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-progress-010-'));
    writeFileSync(join(dir, 'progress.json'), JSON.stringify(WRITTEN_BY_0_1_0));
    const warnings: string[] = [];
    const state = loadProgress(dir, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(state.lessons['stale-holder']?.readPercent).toBe(60);
    expect(state.exercises).toBeUndefined();
    const summary = summarize([], state, emptyReview(), [], new Date(), undefined, EXERCISES);
    expect(summary.exercises.map((e) => e.status)).toEqual(['new', 'new', 'new']);
  });

  it('parses exercises, refuses a malformed one (the file is set aside by the reader)', () => {
    const state = parseProgress({
      ...WRITTEN_BY_0_1_0,
      exercises: { 'fence-the-sink': { startedAt: '2026-12-01T10:00:00.000Z', dir: '/x', passedAt: '2026-12-01T10:10:00.000Z', hintsSeen: 2 } },
    });
    expect(state.exercises?.['fence-the-sink']).toEqual({
      startedAt: '2026-12-01T10:00:00.000Z',
      dir: '/x',
      passedAt: '2026-12-01T10:10:00.000Z',
      hintsSeen: 2,
    });
    expect(() => parseProgress({ ...WRITTEN_BY_0_1_0, exercises: { x: { dir: '/x' } } })).toThrow(/startedAt/);
    expect(() => parseProgress({ ...WRITTEN_BY_0_1_0, exercises: [] })).toThrow(/exercises/);
  });

  it('merges two instances: both exercises, the earliest pass, the latest check, an answer kept', () => {
    const base = parseProgress(WRITTEN_BY_0_1_0);
    const disk: ProgressState = {
      ...base,
      exercises: {
        'fence-the-sink': { startedAt: '2026-12-01T10:00:00Z', dir: '/a', lastCheckedAt: '2026-12-01T10:20:00Z', passedAt: '2026-12-01T10:20:00Z' },
      },
    };
    const mine: ProgressState = {
      ...base,
      exercises: {
        'fence-the-sink': { startedAt: '2026-12-01T10:00:00Z', dir: '/a', lastCheckedAt: '2026-12-01T10:30:00Z', answer: 'because', hintsSeen: 1 },
        'split-the-check': { startedAt: '2026-12-01T10:25:00Z', dir: '/b' },
      },
    };
    const merged = mergeProgress(disk, base, mine);
    expect(merged.exercises?.['fence-the-sink']).toEqual({
      startedAt: '2026-12-01T10:00:00Z',
      dir: '/a',
      lastCheckedAt: '2026-12-01T10:30:00Z',
      passedAt: '2026-12-01T10:20:00Z',
      answer: 'because',
      hintsSeen: 1,
    });
    expect(Object.keys(merged.exercises ?? {})).toEqual(['fence-the-sink', 'split-the-check']);
    expect(mergeProgress(base, base, base).exercises).toBeUndefined();
  });

  it('the summary and the Progress text list every exercise with its status', () => {
    const state: ProgressState = {
      ...parseProgress(WRITTEN_BY_0_1_0),
      exercises: {
        'fence-the-sink': { startedAt: '2026-12-01T10:00:00Z', dir: '/a', passedAt: '2026-12-01T10:20:00Z' },
        'split-the-check': { startedAt: '2026-12-01T10:25:00Z', dir: '/b' },
      },
    };
    const summary = summarize([], state, emptyReview(), [], new Date(), undefined, EXERCISES);
    expect(summary.exercises.map((e) => [e.id, e.status])).toEqual([
      ['fence-the-sink', 'passed'],
      ['split-the-check', 'started'],
      ['early-write', 'new'],
    ]);
    const text = progressLines(summary, 80, false).join('\n');
    expect(text).toContain('Exercises: 1 of 3 passed');
    expect(text).toContain('Fence the sink · ✓ passed');
    expect(text).toContain('Split the check · started');
  });
});
