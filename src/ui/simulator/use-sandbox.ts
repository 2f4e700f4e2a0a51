/**
 * The sandbox of one simulator screen: its store, linked to the simulator's
 * (an act replays there; a toggle is an act here), the controls that decide
 * what has the keys, and the keys themselves. While a text is typed every
 * key is captured from the app (so `q` types a q), as in the reader's search.
 */
import type { Key } from 'ink';
import { useKeys } from '../use-keys.js';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { defaultRunPath } from '../../content/scenario/run-paths.js';
import { idFromTitle } from '../../core/sandbox/scenario-text.js';
import type { ConfigOverrides, Scenario } from '../../core/types.js';
import { screenCovered } from '../../store/router-store.js';
import { createSandboxControls, type SandboxControls } from '../../store/sandbox-controls.js';
import { linkSandbox } from '../../store/sandbox-link.js';
import { createSandboxStore, type SandboxStore } from '../../store/sandbox-store.js';
import type { EngineCalls, SimulatorStore } from '../../store/simulator-store.js';
import { useAppContext } from '../app-context.js';
import { actionFor } from '../keymap.js';

export interface Sandbox {
  sandbox: SandboxStore;
  controls: SandboxControls;
}

export function useSandbox(sim: SimulatorStore, engine: EngineCalls, scenario: Scenario, overrides: ConfigOverrides): Sandbox {
  const { router } = useAppContext();
  const [made] = useState(() => {
    const sandbox = createSandboxStore({ simulate: engine.simulate });
    sandbox.getState().open(scenario, overrides);
    const controls = createSandboxControls({
      sandbox,
      now: () => ({ tick: sim.getState().cursor, minting: sim.getState().result?.config.minting ?? 'durable' }),
      // The writer checks the file with the scenario loader, which brings the YAML parser (about
      // 30 ms): loaded when a run is saved, not before the simulator's first frame (issue 32).
      save: (text, path) => import('../../content/scenario/saved-runs.js').then(({ saveRun }) => saveRun(text, path)),
      defaultPath: (id) => defaultRunPath(id),
      idFromTitle,
    });
    return { sandbox, controls };
  });
  useEffect(() => linkSandbox(sim, made.sandbox), [sim, made.sandbox]);

  const focus = useStore(made.controls, (s) => s.focus);
  const typing = focus.kind === 'save' || (focus.kind === 'menu' && focus.menu.phase === 'type');
  // Capture on as soon as a field opens (a q typed at once is text), off once
  // the screen has redrawn (the Esc that closed the field is not also "back").
  useEffect(() => made.controls.subscribe((s) => s.typing() && router.getState().setCaptureKeys(true)), [made.controls, router]);
  useEffect(() => {
    router.getState().setCaptureKeys(typing);
  }, [router, typing]);
  useEffect(() => () => router.getState().setCaptureKeys(false), [router]);

  // One handler, always listening, that reads the focus when the key arrives
  // rather than when the screen last drew: on a busy machine a key can come
  // before the redraw, and it must go where the learner now is (design trap 3).
  const covered = useStore(router, screenCovered);
  useKeys((input, key) => sandboxKey(made, input, key, () => router.getState().back()), {
    isActive: !covered,
    takesText: () => made.controls.getState().typing(),
  });
  return made;
}

function sandboxKey({ sandbox, controls }: Sandbox, input: string, key: Key, goBack: () => void): void {
  const c = controls.getState();
  const box = sandbox.getState();
  if (c.focus.kind === 'none') return;
  if (c.focus.kind === 'leave') {
    const action = actionFor('sim-leave', input, key);
    if (action === 'stay') c.stay();
    if (action === 'leave') {
      c.leave();
      goBack();
    }
    return;
  }
  if (c.typing()) {
    const action = actionFor('act-type', input, key);
    if (action === 'confirm') c.choose();
    else if (action === 'erase') c.type(null);
    else if (action === 'cancel') c.back();
    else if (!key.ctrl && !key.meta && input) c.type(input);
    return;
  }
  const action = actionFor(c.focus.kind === 'steps' ? 'steps' : 'act-menu', input, key);
  if (action === 'move') c.move(key.upArrow || input === 'k' ? -1 : 1);
  else if (action === 'choose') c.choose();
  else if (action === 'pick') c.choose(Number(input) - 1);
  else if (action === 'undo') box.undo();
  else if (action === 'redo') box.redo();
  else if (action === 'act') c.openMenu();
  else if (action === 'save') c.openSave();
  else if (action) stepAction(sandbox, action);
}

/** The steps list's keys on the selected step: delete, a tick earlier or later, a delay or pause length. */
function stepAction(sandbox: SandboxStore, action: string): void {
  const box = sandbox.getState();
  const selected = box.selected;
  const step = selected === null ? undefined : box.steps[selected];
  if (selected === null || !step) return;
  if (action === 'delete') box.deleteStep(selected);
  if (action === 'earlier' || action === 'later') box.moveStep(selected, action === 'earlier' ? -1 : 1);
  if (action === 'delay-up' || action === 'delay-down') {
    const now = step.do === 'write' ? step.delay : step.do === 'pause' ? (step.for ?? 0) : 0;
    box.setDelay(selected, Math.max(0, now + (action === 'delay-up' ? 1 : -1)));
  }
}
