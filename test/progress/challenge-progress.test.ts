import { describe, expect, it } from 'vitest';
import { emptyReview } from '../../src/core/quiz/leitner.js';
import { emptyProgress, parseProgress } from '../../src/progress/progress-file.js';
import { mergeProgress } from '../../src/progress/progress-merge.js';
import { recordChallengeSolved } from '../../src/progress/progress-model.js';
import { progressLines } from '../../src/ui/progress-text.js';
import { summarize } from '../../src/progress/summary.js';

const t1 = new Date('2026-01-01T10:00:00Z');
const t2 = new Date('2026-01-02T10:00:00Z');

describe('solved challenges in progress', () => {
  it('loads a progress file from before challenges, and keeps challenges through a save', () => {
    const old = { schemaVersion: 1, lastLessonId: null, lessons: {} };
    expect(parseProgress(old).challenges).toBeUndefined();
    const solved = recordChallengeSolved(parseProgress(old), 'fence-it', 3, t1);
    expect(parseProgress(JSON.parse(JSON.stringify(solved))).challenges).toEqual({ 'fence-it': { solvedAt: t1.toISOString(), fewestActs: 3 } });
    expect(() => parseProgress({ ...old, challenges: { x: { solvedAt: 'a', fewestActs: -1 } } })).toThrow(/fewestActs/);
  });

  it('keeps the first solve and the fewest acts', () => {
    let state = recordChallengeSolved(emptyProgress(), 'fence-it', 3, t1);
    state = recordChallengeSolved(state, 'fence-it', 1, t2);
    state = recordChallengeSolved(state, 'fence-it', 2, t2);
    expect(state.challenges?.['fence-it']).toEqual({ solvedAt: t1.toISOString(), fewestActs: 1 });
  });

  it('merges two instances: solved in either stays solved, earliest time, fewest acts', () => {
    const base = emptyProgress();
    const disk = recordChallengeSolved(recordChallengeSolved(base, 'a', 4, t2), 'b', 2, t1);
    const mine = recordChallengeSolved(recordChallengeSolved(base, 'a', 2, t1), 'c', 1, t2);
    expect(mergeProgress(disk, base, mine).challenges).toEqual({
      a: { solvedAt: t1.toISOString(), fewestActs: 2 },
      b: { solvedAt: t1.toISOString(), fewestActs: 2 },
      c: { solvedAt: t2.toISOString(), fewestActs: 1 },
    });
  });

  it('shows the count and each solved challenge with acts and par', () => {
    const state = recordChallengeSolved(emptyProgress(), 'fence-it', 2, t1);
    const infos = [
      { id: 'fence-it', title: 'Fence the late write', lesson: 'token-contract', par: 1 },
      { id: 'lose-b-update', title: "Lose B's update", lesson: 'stale-holder', par: 1 },
    ];
    const summary = summarize([], state, emptyReview(), [], t2, undefined, [], infos);
    expect(summary.challengesSolved).toBe(1);
    expect(summary.challenges[1]).toMatchObject({ id: 'lose-b-update', solved: false, fewestActs: null });
    const text = progressLines(summary, 80, true).join('\n');
    expect(text).toContain('Challenges solved: 1 of 2');
    expect(text).toContain('+ Fence the late write  - 2 acts (par 1)');
  });
});
