/**
 * The act menu (issue 20): who acts (a worker, a new worker, the
 * coordinator, the sink), then what they do, from exactly the steps the
 * scenario format has, then any value to type (a write's value and delay, a
 * pause's length). Pure functions over a small state, so the menu is tested
 * without a terminal; the screen holds the state and renders it.
 */
import { typedChars } from '../core/neutralise.js';
import { nextActorName, workersOf } from '../core/sandbox/step-rules.js';
import type { Minting, Step } from '../core/types.js';
import type { StepDraft } from './sandbox-store.js';

export interface MenuOption {
  label: string;
  /** A finished step, or one that still needs typed fields (`ask`). */
  draft: StepDraft;
  ask?: TextField[];
}

export type TextField = 'value' | 'delay' | 'for';

export type ActMenu =
  | { phase: 'who'; tick: number; options: { label: string; actor: string }[]; highlighted: number }
  | { phase: 'what'; tick: number; actor: string; options: MenuOption[]; highlighted: number; back: ActMenu }
  | {
      phase: 'type';
      tick: number;
      draft: StepDraft;
      field: TextField;
      text: string;
      /** The text is the suggestion: the first key typed replaces it. */
      suggested: boolean;
      rest: TextField[];
      back: ActMenu;
    };

/** What a menu step gives back: the menu still open, or a step to add at `tick`. */
export type MenuOutcome = { menu: ActMenu } | { add: { tick: number; draft: StepDraft } };

/** The next value to suggest: one more than the largest number written so far, else "1". */
export function suggestedValue(steps: readonly Step[]): string {
  const numbers = steps.flatMap((s) => (s.do === 'write' && /^\d{1,15}$/.test(s.value) ? [Number(s.value)] : []));
  return numbers.length === 0 ? '1' : String(Math.max(...numbers) + 1);
}

export function openActMenu(tick: number, steps: readonly Step[]): ActMenu {
  const workers = workersOf(steps);
  const fresh = nextActorName(steps);
  return {
    phase: 'who',
    tick,
    highlighted: 0,
    options: [
      ...workers.map((actor) => ({ label: actor, actor })),
      { label: `${fresh} (a new worker)`, actor: fresh },
      { label: 'the coordinator', actor: 'coordinator' },
      { label: 'the sink', actor: 'sink' },
    ],
  };
}

/** The steps `actor` may take; a failover follows the minting setting shown above the timeline. */
function actionsFor(actor: string, minting: Minting): MenuOption[] {
  if (actor === 'coordinator') {
    return [
      { label: `fails over (${minting}: ${minting === 'durable' ? 'the epoch goes up' : 'tokens start again from 1'})`, draft: { actor, do: 'failover' } },
    ];
  }
  if (actor === 'sink') {
    return [
      { label: 'restarts, keeping its mark (durable)', draft: { actor, do: 'sink-restart', durable: true } },
      { label: 'restarts, forgetting its mark', draft: { actor, do: 'sink-restart', durable: false } },
    ];
  }
  return [
    { label: 'acquire the lock (waits if held)', draft: { actor, do: 'acquire', wait: true } },
    { label: 'acquire the lock, no waiting', draft: { actor, do: 'acquire', wait: false } },
    { label: 'release the lock', draft: { actor, do: 'release' } },
    { label: 'pause (until resumed)', draft: { actor, do: 'pause' } },
    { label: 'pause for some ticks', draft: { actor, do: 'pause' }, ask: ['for'] },
    { label: 'resume', draft: { actor, do: 'resume' } },
    { label: 'write a value', draft: { actor, do: 'write', value: '', delay: 0 }, ask: ['value', 'delay'] },
  ];
}

export function moveActMenu(menu: ActMenu, delta: number): ActMenu {
  if (menu.phase === 'type') return menu;
  const n = menu.options.length;
  return { ...menu, highlighted: (menu.highlighted + delta + n) % n };
}

function defaultText(field: TextField, steps: readonly Step[]): string {
  if (field === 'value') return suggestedValue(steps);
  return field === 'delay' ? '0' : '5';
}

function typeStep(menu: ActMenu, draft: StepDraft, fields: TextField[], steps: readonly Step[]): MenuOutcome {
  const [field, ...rest] = fields;
  if (field === undefined) return { add: { tick: menu.tick, draft } };
  return { menu: { phase: 'type', tick: menu.tick, draft, field, text: defaultText(field, steps), suggested: true, rest, back: menu } };
}

/** Enter (or a digit: `index`): the highlighted option, or the typed text. */
export function chooseActMenu(menu: ActMenu, steps: readonly Step[], minting: Minting, index?: number): MenuOutcome {
  if (menu.phase === 'type') {
    const { draft, field, text } = menu;
    // Numbers are checked by the store's rules (refused in words); an empty field is 0 / no length.
    const ticks = text.trim() === '' ? Number.NaN : Number(text.trim());
    let next: StepDraft = draft;
    if (field === 'value' && draft.do === 'write') next = { ...draft, value: text };
    if (field === 'delay' && draft.do === 'write') next = { ...draft, delay: text.trim() === '' ? 0 : ticks };
    if (field === 'for' && draft.do === 'pause') next = { ...draft, for: ticks };
    return typeStep(menu, next, menu.rest, steps);
  }
  const i = index ?? menu.highlighted;
  if (menu.phase === 'who') {
    const who = menu.options[i];
    if (!who) return { menu };
    return { menu: { phase: 'what', tick: menu.tick, actor: who.actor, options: actionsFor(who.actor, minting), highlighted: 0, back: menu } };
  }
  const option = menu.options[i];
  if (!option) return { menu };
  return typeStep(menu, option.draft, option.ask ?? [], steps);
}

/** Esc: one phase back; null closes the menu. */
export function backActMenu(menu: ActMenu): ActMenu | null {
  return menu.phase === 'who' ? null : menu.back;
}

/** A typed character (printable only) or backspace (`null`), in the typing phase. */
export function typeActMenu(menu: ActMenu, ch: string | null): ActMenu {
  if (menu.phase !== 'type') return menu;
  const kept = menu.suggested ? '' : menu.text;
  if (ch === null) return { ...menu, suggested: false, text: kept.slice(0, -1) };
  const chars = menu.field === 'value' ? typedChars(ch) : [...ch].filter((c) => /^[0-9]$/.test(c)).join('');
  return chars ? { ...menu, suggested: false, text: (kept + chars).slice(0, 200) } : menu;
}

/** The prompt for the typing phase, in words. */
export function typePrompt(menu: ActMenu & { phase: 'type' }): string {
  const who = menu.draft.actor;
  if (menu.field === 'value') return `${who} writes the value`;
  if (menu.field === 'delay') return 'ticks in flight before it reaches the sink (0: at once)';
  return `${who} pauses for how many ticks`;
}
