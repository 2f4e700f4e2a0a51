/**
 * The Lab screen's picture of a run, without a terminal: Ctrl-C during a run
 * turns it to "stopping" at once (issue 33), the run still counts as going
 * (keys wait, the spinner turns), and what the ending run still reports
 * changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { applyLabEvent, INITIAL_LAB_VIEW, isRunGoing, startedView, stoppingView } from '../../../../src/ui/screens/lab/lab-view-state.js';

describe('the Lab view state', () => {
  it('a running run turns to stopping, still going, its expiry bar gone; events after that change nothing', () => {
    let v = applyLabEvent(startedView(), { type: 'step', id: 'wait-expiry', status: 'started', text: 'waiting to see the lock gone', atMs: 1 });
    v = applyLabEvent(v, { type: 'waiting', elapsedMs: 500, ttlMs: 2000, atMs: 2 });
    const stopping = stoppingView(v);
    expect(stopping.phase).toBe('stopping');
    expect(stopping.waiting).toBeUndefined();
    expect(stopping.steps).toEqual(v.steps);
    expect(isRunGoing(stopping)).toBe(true);
    expect(applyLabEvent(stopping, { type: 'step', id: 'wait-expiry', status: 'done', text: 'saw the lock gone', atMs: 3 })).toBe(stopping);
  });

  it('only a running run can stop: the list, a finished run and a failed one stay as they are', () => {
    expect(stoppingView(INITIAL_LAB_VIEW)).toBe(INITIAL_LAB_VIEW);
    const failed = { ...startedView(), phase: 'failed' as const, error: 'x' };
    expect(stoppingView(failed)).toBe(failed);
    expect(isRunGoing(INITIAL_LAB_VIEW)).toBe(false);
    expect(isRunGoing(failed)).toBe(false);
  });
});
