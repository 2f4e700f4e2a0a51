import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The store is plain zustand: prove it runs with React out of reach.
vi.mock('react', () => {
  throw new Error('the progress store must not load React');
});

const { createProgressStore } = await import('../../src/store/progress-store.js');

const fresh = () => mkdtempSync(join(tmpdir(), 'fence-pstore-'));
const clock = () => new Date('2026-11-29T12:00:00Z');

describe('progress store', () => {
  it('saves on open and answer at once, scrolling and time on flush, and a new store reads it back', () => {
    const dir = fresh();
    const s = createProgressStore({ dir, now: clock });
    s.getState().open('lease-budgets');
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8')).lastLessonId).toBe('lease-budgets');
    s.getState().view('lease-budgets', { position: 0.4, seen: 0.55 });
    s.getState().spend('lease-budgets', 30_000);
    expect(s.getState().dirty).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8')).lessons['lease-budgets'].readPercent).toBe(0);
    s.getState().flush();
    expect(s.getState().dirty).toBe(false);
    const restarted = createProgressStore({ dir, now: clock });
    expect(restarted.getState().progress.lessons['lease-budgets']).toMatchObject({ position: 0.4, readPercent: 55, timeSpentMs: 30_000 });
  });

  it('settles completion and keeps a corrupt file warning for the screens', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'progress.json'), 'not json');
    const s = createProgressStore({ dir, now: clock });
    expect(s.getState().warning).toMatch(/set aside|moved to/);
    s.getState().open('a');
    s.getState().view('a', { position: 1, seen: 1 });
    s.getState().answerSelfCheck('a', 'q', true);
    s.getState().settle('a', ['q']);
    expect(createProgressStore({ dir }).getState().progress.lessons.a?.completedAt).toBe('2026-11-29T12:00:00.000Z');
  });
});
