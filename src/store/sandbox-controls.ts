/**
 * What has the keys when the learner acts on a run: the act menu, the steps
 * list, or the save prompt (title, then path), and what each key does there.
 * A vanilla store over the sandbox store, so every interaction is tested
 * without a terminal; the screen renders it and sends it keys. Saving is
 * injected (the app's writes a file; tests keep it in memory).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { typedChars } from '../core/neutralise.js';
import type { Minting } from '../core/types.js';
import { type ActMenu, backActMenu, chooseActMenu, moveActMenu, openActMenu, typeActMenu } from './act-menu.js';
import type { SandboxStore } from './sandbox-store.js';
import type { SaveOutcome } from '../content/scenario/saved-runs.js';
import { errorMessage } from '../platform/error-message.js';

export type SandboxFocus =
  | { kind: 'none' }
  | { kind: 'steps' }
  | { kind: 'menu'; menu: ActMenu }
  | { kind: 'save'; field: 'title' | 'path'; title: string; text: string; suggested: boolean }
  /** Leaving with acts not saved asks first (issue 33): y or Esc/q again leaves, n stays. */
  | { kind: 'leave' };

export interface SandboxControlsOptions {
  sandbox: SandboxStore;
  /** The run's "now" (the simulator's cursor) and its minting setting (what a failover does). */
  now: () => { tick: number; minting: Minting };
  /** Validates and writes the file; says where, or why not (at once, or once the writer has loaded). */
  save: (text: string, path: string) => SaveOutcome | Promise<SaveOutcome>;
  /** Where a run with this id is saved unless the learner types another path. */
  defaultPath: (id: string) => string;
  idFromTitle: (title: string) => string;
}

export interface SandboxControlsState {
  focus: SandboxFocus;
  /** The last save, in words (where it went, or why nothing was written). */
  notice: string | null;
  /** True while a text field has the keys (the screen captures every key then). */
  typing: () => boolean;
  openMenu: () => void;
  openSteps: () => void;
  openSave: () => void;
  /** Esc or q: one level back. False when nothing was open, or at the leave question (the screen goes back). */
  back: () => boolean;
  /**
   * Esc or q with nothing else open to close: when the run has acts not saved, asks
   * first (true: the screen stays); false once nothing is to lose or the learner said leave.
   */
  askToLeave: () => boolean;
  /** Acts on the run since it was opened or last saved (undo back to the start leaves none). */
  unsaved: () => boolean;
  /** Once the learner said leave (y, or Esc/q at the question): back lets the screen go. */
  leaving: boolean;
  leave: () => void;
  stay: () => void;
  move: (delta: number) => void;
  /** Enter, or a digit (`index`) in a menu. */
  choose: (index?: number) => void;
  /** A typed character, or null for backspace. */
  type: (ch: string | null) => void;
}

export type SandboxControls = StoreApi<SandboxControlsState>;

const NONE: SandboxFocus = { kind: 'none' };

export function createSandboxControls(options: SandboxControlsOptions): SandboxControls {
  const box = () => options.sandbox.getState();
  return createStore<SandboxControlsState>()((set, get) => {
    const setMenu = (menu: ActMenu) => set({ focus: { kind: 'menu', menu } });
    // The run as last saved (or as opened): acts after it are what leaving would lose.
    let savedRevision = box().revision;
    const finishSave = (title: string, path: string) => {
      // The run as it was when Enter was pressed is what the file holds, whenever the write ends.
      const revision = box().revision;
      const settle = (outcome: SaveOutcome) => {
        if ('saved' in outcome) savedRevision = revision;
        set({ notice: 'saved' in outcome ? `Saved to ${outcome.saved}` : `Not saved: ${outcome.refused}` });
      };
      const outcome = options.save(box().toScenarioFile(title), path);
      set({ focus: NONE, notice: outcome instanceof Promise ? 'Saving...' : null });
      if (outcome instanceof Promise) void outcome.then(settle, (err: unknown) => settle({ refused: errorMessage(err) }));
      else settle(outcome);
    };
    return {
      focus: NONE,
      notice: null,
      leaving: false,
      unsaved: () => box().past.length > 0 && box().revision !== savedRevision,
      leave: () => set({ focus: NONE, leaving: true }),
      stay: () => set({ focus: NONE }),
      askToLeave: () => {
        if (get().focus.kind !== 'none' || get().leaving || !get().unsaved()) return false;
        set({ focus: { kind: 'leave' }, notice: null });
        return true;
      },
      typing: () => {
        const f = get().focus;
        return f.kind === 'save' || (f.kind === 'menu' && f.menu.phase === 'type');
      },
      openMenu: () => {
        box().select(null);
        set({ focus: { kind: 'menu', menu: openActMenu(options.now().tick, box().steps) }, notice: null });
      },
      openSteps: () => {
        if (box().selected === null) box().select(box().steps.length - 1);
        set({ focus: { kind: 'steps' }, notice: null });
      },
      openSave: () => {
        const start = box().start;
        set({ focus: { kind: 'save', field: 'title', title: '', text: start ? `${start.id} my run` : 'my run', suggested: true }, notice: null });
      },
      back: () => {
        const f = get().focus;
        if (f.kind === 'none') return false;
        // Esc or q again at the question: leave.
        if (f.kind === 'leave') {
          get().leave();
          return false;
        }
        if (f.kind === 'menu') {
          const menu = backActMenu(f.menu);
          set({ focus: menu ? { kind: 'menu', menu } : NONE });
          return true;
        }
        if (f.kind === 'save' && f.field === 'path') {
          set({ focus: { kind: 'save', field: 'title', title: '', text: f.title, suggested: false } });
          return true;
        }
        set({ focus: NONE });
        return true;
      },
      move: (delta) => {
        const f = get().focus;
        if (f.kind === 'menu') setMenu(moveActMenu(f.menu, delta));
        if (f.kind === 'steps') box().select((box().selected ?? 0) + delta);
      },
      choose: (index) => {
        const f = get().focus;
        if (f.kind === 'menu') {
          const outcome = chooseActMenu(f.menu, box().steps, options.now().minting, index);
          if ('menu' in outcome) return setMenu(outcome.menu);
          // Refused or not, the menu closes: a refusal is shown in words, and the run is unchanged.
          set({ focus: NONE });
          box().addStep(outcome.add.tick, outcome.add.draft);
          return;
        }
        if (f.kind === 'save' && f.field === 'title') {
          const title = f.text.trim() || 'My run';
          set({ focus: { kind: 'save', field: 'path', title, text: options.defaultPath(options.idFromTitle(title)), suggested: false } });
          return;
        }
        if (f.kind === 'save' && f.field === 'path') {
          if (f.text.trim() === '') return set({ notice: 'Not saved: type a path for the file' });
          finishSave(f.title, f.text.trim());
        }
      },
      type: (ch) => {
        const f = get().focus;
        if (f.kind === 'menu') return setMenu(typeActMenu(f.menu, ch));
        if (f.kind !== 'save') return;
        const kept = f.suggested ? '' : f.text;
        const text = ch === null ? kept.slice(0, -1) : (kept + typedChars(ch)).slice(0, 300);
        set({ focus: { ...f, text, suggested: false } });
      },
    };
  });
}
