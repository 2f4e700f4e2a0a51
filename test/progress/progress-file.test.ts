import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyProgress, loadProgress, parseProgress, progressPath, saveProgress } from '../../src/progress/progress-file.js';
import { addTime, isComplete, markOpened, markViewed, recordSelfCheck, settleCompletion } from '../../src/progress/progress-model.js';

const fresh = () => mkdtempSync(join(tmpdir(), 'fence-progress-'));
const T0 = new Date('2026-11-29T10:00:00Z');

describe('progress file', () => {
  it('is empty when missing, and survives a save and a fresh load (a restart)', () => {
    const dir = fresh();
    expect(loadProgress(dir)).toEqual(emptyProgress());
    let p = markOpened(emptyProgress(), 'stale-holder', T0);
    p = markViewed(p, 'stale-holder', { position: 0.25, seen: 0.4, anchor: '3:7+1' }, T0);
    p = addTime(p, 'stale-holder', 61_000, T0);
    p = recordSelfCheck(p, 'stale-holder', 'q1', false, T0);
    saveProgress(p, dir);
    const again = loadProgress(dir);
    expect(again).toEqual(p);
    expect(again.lastLessonId).toBe('stale-holder');
    expect(again.lessons['stale-holder']).toMatchObject({ position: 0.25, readPercent: 40, timeSpentMs: 61_000, anchor: '3:7+1' });
    // Written whole (atomic rename): no temp files left behind.
    expect(readdirSync(dir)).toEqual(['progress.json']);
  });

  it('one bad lesson sets aside only itself: the rest is kept, the warning names what was dropped (issue 38)', () => {
    const dir = fresh();
    let good = markOpened(emptyProgress(), 'stale-holder', T0);
    good = addTime(good, 'stale-holder', 5000, T0);
    const raw = JSON.parse(JSON.stringify(good));
    raw.lessons['bad-one'] = { firstOpenedAt: 'x', lastOpenedAt: 'y', position: 'not a number' };
    writeFileSync(progressPath(dir), JSON.stringify(raw));
    const warnings: string[] = [];
    const read = loadProgress(dir, (m) => warnings.push(m));
    expect(read.lessons['stale-holder']).toEqual(good.lessons['stale-holder']);
    expect(read.lessons['bad-one']).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/1 part could not be read and was left out \(lesson bad-one: position is not a number\); the rest was kept/);
    const aside = readdirSync(dir).filter((n) => n.startsWith('progress.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('bad-one');
  });

  it('sets a corrupt file aside with a warning and starts fresh', () => {
    const dir = fresh();
    writeFileSync(progressPath(dir), '{"schemaVersion": 1, "lessons": ');
    const warnings: string[] = [];
    expect(loadProgress(dir, (m) => warnings.push(m))).toEqual(emptyProgress());
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/progress\.json could not be read .* moved to .*progress\.json\.corrupt-/);
    const aside = readdirSync(dir).filter((n) => n.startsWith('progress.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('"lessons": ');
    expect(existsSync(progressPath(dir))).toBe(false);
  });

  it('refuses a file of the wrong shape (it would be set aside)', () => {
    expect(() => parseProgress([])).toThrow(/not a JSON object/);
    expect(() => parseProgress({ schemaVersion: 99, lessons: {} })).toThrow(/schemaVersion/);
    // Issue 38: "1" as a string is said as such, not as an unknown version 1.
    expect(() => parseProgress({ schemaVersion: '1', lessons: {} })).toThrow('`schemaVersion` is the string "1"; it must be the number 1, without quotes');
    expect(() => parseProgress({ schemaVersion: 1, lessons: { a: { firstOpenedAt: 'x' } } })).toThrow(/lastOpenedAt/);
    expect(() => parseProgress({ schemaVersion: 1, lessons: { a: 'no' } })).toThrow(/not an object/);
  });
});

describe('progress model', () => {
  it('read percent only grows; the end is reached once the last line was on screen', () => {
    let p = markOpened(emptyProgress(), 'a', T0);
    p = markViewed(p, 'a', { position: 0.5, seen: 0.7 }, T0);
    p = markViewed(p, 'a', { position: 0, seen: 0.2 }, T0);
    expect(p.lessons.a).toMatchObject({ position: 0, readPercent: 70, endReached: false });
    p = markViewed(p, 'a', { position: 0.9, seen: 1 }, T0);
    expect(p.lessons.a?.endReached).toBe(true);
  });

  it('the first try of a self-check counts; later tries only add attempts', () => {
    let p = recordSelfCheck(emptyProgress(), 'a', 'q', false, T0);
    p = recordSelfCheck(p, 'a', 'q', true, T0);
    expect(p.lessons.a?.selfCheck.q).toEqual({ correct: false, attempts: 2, answeredAt: T0.toISOString() });
  });

  it('a lesson is completed when its end was reached and its self-check answered, not before', () => {
    let p = markOpened(emptyProgress(), 'a', T0);
    p = markViewed(p, 'a', { position: 1, seen: 1 }, T0);
    expect(isComplete(p.lessons.a, ['q1', 'q2'])).toBe(false);
    p = recordSelfCheck(p, 'a', 'q1', true, T0);
    expect(settleCompletion(p, 'a', ['q1', 'q2'], T0).lessons.a?.completedAt).toBeUndefined();
    p = recordSelfCheck(p, 'a', 'q2', false, T0);
    p = settleCompletion(p, 'a', ['q1', 'q2'], T0);
    expect(p.lessons.a?.completedAt).toBe(T0.toISOString());
    // Answered but the end not reached: not complete.
    let b = recordSelfCheck(emptyProgress(), 'b', 'q1', true, T0);
    b = settleCompletion(b, 'b', ['q1'], T0);
    expect(b.lessons.b?.completedAt).toBeUndefined();
  });
});
