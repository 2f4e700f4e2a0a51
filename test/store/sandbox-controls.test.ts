import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../src/content/scenario/scenario-loader.js';
import { simulate } from '../../src/core/engine.js';
import { idFromTitle } from '../../src/core/sandbox/scenario-text.js';
import { createSandboxControls, type SandboxControlsState } from '../../src/store/sandbox-controls.js';
import { createSandboxStore } from '../../src/store/sandbox-store.js';
import { SPEC_LATE_WRITE } from '../core/helpers.js';

function setUp(save: Parameters<typeof createSandboxControls>[0]['save']) {
  const sandbox = createSandboxStore({ simulate });
  sandbox.getState().open(loadScenarioText(SPEC_LATE_WRITE, 'late-write.yaml'));
  const controls = createSandboxControls({
    sandbox,
    now: () => ({ tick: 5, minting: 'durable' }),
    save,
    defaultPath: (id) => `/data/runs/${id}.yaml`,
    idFromTitle,
  });
  return { box: () => sandbox.getState(), c: () => controls.getState() };
}

describe('sandbox controls: what has the keys', () => {
  it('saves with a typed title and the suggested path; the suggestion is replaced by the first key', () => {
    const writes: { text: string; path: string }[] = [];
    const { c } = setUp((text, path) => {
      writes.push({ text, path });
      return { saved: path };
    });
    c().openSave();
    expect(c().typing()).toBe(true);
    expect(c().focus).toMatchObject({ field: 'title', text: 'late-write my run', suggested: true });
    for (const ch of 'My q') c().type(ch);
    c().type(null);
    c().type('\u001b');
    c().type('Z');
    c().choose();
    expect(c().focus).toMatchObject({ field: 'path', text: '/data/runs/my-z.yaml' });
    c().choose();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.text).toContain('title: "My Z"');
    expect(c().notice).toBe('Saved to /data/runs/my-z.yaml');
    expect(c().focus.kind).toBe('none');
  });

  it('a refused save says why and writes nothing; esc goes back one field, then closes', () => {
    const { c } = setUp(() => ({ refused: 'it exists' }));
    c().openSave();
    c().choose();
    expect(c().back()).toBe(true);
    expect(c().focus).toMatchObject({ field: 'title', text: 'late-write my run' });
    c().choose();
    c().choose();
    expect(c().notice).toBe('Not saved: it exists');
    expect(c().back()).toBe(false);
  });

  it('the act menu closes on an act, refused or not, and the refusal is in the sandbox', () => {
    const { c, box } = setUp(() => ({ refused: 'unused' }));
    c().openMenu();
    c().choose(0);
    c().choose(6);
    for (const ch of 'null') c().type(ch);
    c().choose();
    c().choose();
    expect(c().focus.kind).toBe('none');
    expect(box().refusal).toMatch(/"null"/);
    c().openSteps();
    expect(box().selected).toBe(box().steps.length - 1);
    c().move(-1);
    expect(box().selected).toBe(box().steps.length - 2);
  });
});

describe('sandbox controls: leaving with acts not saved asks first (issue 33)', () => {
  /** What the simulator's back guard does once no panel is left to close. */
  const backFromScreen = (c: () => SandboxControlsState) => c().back() || c().askToLeave();

  it('no acts: back lets the screen go at once', () => {
    const { c } = setUp(() => ({ refused: 'unused' }));
    expect(c().unsaved()).toBe(false);
    expect(backFromScreen(c)).toBe(false);
  });

  it('an act: back asks; n stays; back again asks; back at the question leaves', () => {
    const { c, box } = setUp(() => ({ refused: 'unused' }));
    box().setOverrides({ fencing: false }, 'fencing off');
    expect(c().unsaved()).toBe(true);
    expect(backFromScreen(c)).toBe(true);
    expect(c().focus.kind).toBe('leave');
    c().stay();
    expect(c().focus.kind).toBe('none');
    expect(backFromScreen(c)).toBe(true);
    expect(c().focus.kind).toBe('leave');
    // Esc or q at the question: leave (false lets the router go back), and nothing asks again.
    expect(backFromScreen(c)).toBe(false);
    expect(c().leaving).toBe(true);
    expect(backFromScreen(c)).toBe(false);
  });

  it('an open panel closes before anything is asked', () => {
    const { c, box } = setUp(() => ({ refused: 'unused' }));
    box().setOverrides({ fencing: false }, 'fencing off');
    c().openSteps();
    expect(backFromScreen(c)).toBe(true);
    expect(c().focus.kind).toBe('none');
  });

  it('y at the question: leave, and the back that follows goes', () => {
    const { c, box } = setUp(() => ({ refused: 'unused' }));
    box().setOverrides({ fencing: false }, 'fencing off');
    expect(backFromScreen(c)).toBe(true);
    c().leave();
    expect(c().focus.kind).toBe('none');
    expect(backFromScreen(c)).toBe(false);
  });

  it('a save that ends later says "Saving..." until it ends; the run as it was at Enter is what counts as saved', async () => {
    let finish: (outcome: { saved: string } | { refused: string }) => void = () => undefined;
    const { c, box } = setUp(
      (_text, path) =>
        new Promise((resolve) => {
          finish = (outcome) => resolve('saved' in outcome ? { saved: path } : outcome);
        }),
    );
    box().setOverrides({ fencing: false }, 'fencing off');
    c().openSave();
    c().choose();
    c().choose();
    expect(c().focus.kind).toBe('none');
    expect(c().notice).toBe('Saving...');
    // An act while the file is written: the file holds the run without it.
    box().setOverrides({ fencing: true }, 'fencing on');
    finish({ saved: '' });
    await expect.poll(() => c().notice).toMatch(/^Saved to /);
    expect(c().unsaved()).toBe(true);
  });

  it('a save that fails later says why, and nothing counts as saved', async () => {
    const { c, box } = setUp(() => Promise.reject(new Error('disk gone')));
    box().setOverrides({ fencing: false }, 'fencing off');
    c().openSave();
    c().choose();
    c().choose();
    await expect.poll(() => c().notice).toBe('Not saved: disk gone');
    expect(c().unsaved()).toBe(true);
  });

  it('saved: nothing to lose until the next act; undone back to the start: nothing either', () => {
    const { c, box } = setUp((_text, path) => ({ saved: path }));
    box().setOverrides({ fencing: false }, 'fencing off');
    c().openSave();
    c().choose();
    c().choose();
    expect(c().notice).toMatch(/^Saved to /);
    expect(c().unsaved()).toBe(false);
    expect(backFromScreen(c)).toBe(false);
    box().setOverrides({ fencing: true }, 'fencing on');
    expect(c().unsaved()).toBe(true);
    box().undo();
    box().undo();
    expect(box().past).toHaveLength(0);
    expect(c().unsaved()).toBe(false);
  });

  it('a refused save leaves the acts unsaved', () => {
    const { c, box } = setUp(() => ({ refused: 'it exists' }));
    box().setOverrides({ fencing: false }, 'fencing off');
    c().openSave();
    c().choose();
    c().choose();
    expect(c().unsaved()).toBe(true);
  });
});
