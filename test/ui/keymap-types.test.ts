/**
 * The keymap's types catch mistakes at compile time: `npx tsc` (part of
 * `npm test` and the lint) fails if any `@ts-expect-error` below stops being
 * an error, i.e. if a misspelled context or action started to compile.
 * The runtime assertions check the same table from the other side.
 */
import type { Key } from 'ink';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ActionOf, actionFor, KEY_CONTEXT_IDS, KEY_CONTEXTS, type KeyContextId } from '../../src/ui/keymap.js';
import { timelineKeys } from '../../src/ui/timeline-keys.js';

const none = {} as Key;

/** What a screen's handler looks like: a switch over its context's actions. */
function simulatorHandler(action: ActionOf<'simulator'>): string {
  switch (action) {
    case 'play':
      return 'play';
    // @ts-expect-error: a misspelled action is not one of the simulator's
    case 'plya':
      return 'never';
    // @ts-expect-error: an action of another context (the lab's) is not the simulator's either
    case 'coordinator':
      return 'never';
    default:
      return 'other';
  }
}

describe('keymap types', () => {
  it("derives each context's actions from the table", () => {
    expectTypeOf<ActionOf<'reader-search'>>().toEqualTypeOf<'jump' | 'move' | 'cancel' | 'erase'>();
    expectTypeOf<ActionOf<'global'>>().toEqualTypeOf<'help' | 'back' | 'quit'>();
    expectTypeOf(actionFor('progress', '', none)).toEqualTypeOf<'continue' | 'down' | 'up' | 'scroll' | 'page-down' | 'page-up' | undefined>();
    // @ts-expect-error: a misspelled context does not compile
    actionFor('simulater', ' ', none);
    // @ts-expect-error: the global context has no 'play'
    const play: ActionOf<'global'> = 'play';
    expect(play).toBe('play');
    expect(simulatorHandler('play')).toBe('play');
  });

  it('the simulator and a lesson timeline share one list of bindings', () => {
    // The shared keys mean the same in both (same keys, label, help), whatever each shows in its hint line.
    const shared = timelineKeys(['play', 'step-back', 'step-forward', 'faster', 'slower', 'restart', 'fencing', 'minting', 'check'], []);
    for (const binding of shared) {
      for (const id of ['simulator', 'reader-timeline'] as const) {
        const found = KEY_CONTEXTS[id].bindings.find((b) => b.action === binding.action);
        expect(found && { ...found, inHints: undefined }, `${id}: ${binding.action}`).toEqual({ ...binding, inHints: undefined });
      }
    }
    // @ts-expect-error: the timeline list has no 'predict' (the simulator adds it itself)
    timelineKeys(['predict'], []);
  });

  it('every context id is a key of the table, and only those', () => {
    expect(new Set(KEY_CONTEXT_IDS)).toEqual(new Set(Object.keys(KEY_CONTEXTS)));
    expectTypeOf<'reader-search'>().toExtend<KeyContextId>();
  });
});
