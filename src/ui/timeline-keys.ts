/**
 * The keys of a playing timeline, defined once: the simulator and a timeline
 * inside a lesson take the same keys with the same meaning. Each context
 * picks the bindings it offers, in its own order, and which of them its hint
 * line shows (a lesson's line is shorter); the keys, labels and help words
 * come from here only.
 */
import type { KeyBinding } from './keymap-types.js';

const TIMELINE_BINDINGS = [
  { action: 'play', keys: ['space'], label: 'space', hint: 'play', help: 'play or pause the timeline (with --reduced-motion: one event on)' },
  { action: 'step-back', keys: ['left'], label: '{left}', hint: '', help: 'step back one event' },
  { action: 'step-forward', keys: ['right'], label: '{right}', hint: '', help: 'step forward one event' },
  { action: 'step', keys: [], label: '{left}/{right}', hint: 'step', help: '(step back / forward)' },
  { action: 'faster', keys: ['+', '='], label: '+', hint: '', help: 'play faster' },
  { action: 'slower', keys: ['-', '_'], label: '-', hint: '', help: 'play slower' },
  { action: 'speed', keys: [], label: '+/-', hint: 'speed', help: '(faster / slower)' },
  { action: 'restart', keys: ['r'], label: 'r', hint: 'restart', help: 'back to tick 0' },
  { action: 'fencing', keys: ['f'], label: 'f', hint: 'fencing', help: 'fencing on/off at the sink (replays)' },
  { action: 'minting', keys: ['d'], label: 'd', hint: 'minting', help: 'durable or volatile token minting (replays)' },
  { action: 'check', keys: ['a'], label: 'a', hint: 'check', help: 'atomic or split check-then-write (replays)' },
] as const satisfies readonly KeyBinding[];

export type TimelineAction = (typeof TIMELINE_BINDINGS)[number]['action'];
type TimelineBinding<A extends TimelineAction> = Extract<(typeof TIMELINE_BINDINGS)[number], { action: A }> & { inHints?: boolean };

/** The timeline bindings named in `actions`, in that order, `hinted` ones shown in the hint line. */
export function timelineKeys<const A extends TimelineAction>(actions: readonly A[], hinted: readonly NoInfer<A>[]): TimelineBinding<A>[] {
  return actions.map((action) => {
    const binding = TIMELINE_BINDINGS.find((b) => b.action === action) as TimelineBinding<A>;
    return hinted.includes(action) ? { ...binding, inHints: true } : binding;
  });
}
