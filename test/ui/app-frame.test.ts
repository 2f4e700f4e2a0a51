import { HOME_ENTRIES } from '../../src/ui/screens/home-screen.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { press, renderApp, setTerminalSize, unknownRoute, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

describe('the app frame', () => {
  it('opens on the home menu with every entry and the key hints', async () => {
    const { lastFrame } = await renderApp();
    const frame = lastFrame() ?? '';
    for (const label of ['Continue', 'Lessons', 'Simulator', 'Explore', 'Quiz', 'Lab', 'Progress', 'Help', 'Quit']) {
      expect(frame).toContain(label);
    }
    expect(frame).toContain('❯ 1 Continue');
    expect(frame).toMatch(/↑\/↓ move\s+enter open\s+\? help\s+q quit/);
  });

  it('moves with arrows and Enter opens the entry', async () => {
    const { stdin, router } = await renderApp();
    await press(stdin, 'down', 'enter');
    expect(router.getState().stack.at(-1)).toEqual({ screen: 'lessons' });
  });

  it('in Lessons a digit reads that lesson, as ? help says', async () => {
    const { stdin, lastFrame, router } = await renderApp({ screen: 'lessons' });
    // The list first: a key typed while a screen still loads is not kept (docs/troubleshooting.md),
    // and on a loaded machine the list could still be loading under the help.
    await waitForFrame(lastFrame, 'The stale holder is still a process');
    await press(stdin, '?');
    await waitForFrame(lastFrame, /1-9\s+read the lesson with that number/);
    await press(stdin, '?', '3');
    await waitForFrame(lastFrame, 'Lesson 3 of');
    expect(router.getState().stack.at(-1)).toMatchObject({ screen: 'reader' });
  });

  it('a route with no screen says plainly it is not built; q goes back', async () => {
    const { stdin, lastFrame, router } = await renderApp();
    router.getState().push(unknownRoute('not-a-screen'));
    await press(stdin, 'left'); // any key: let the push render
    expect(lastFrame()).toContain('The not-a-screen screen is not built yet');
    await press(stdin, 'q');
    expect(lastFrame()).toContain('❯ 1 Continue');
    expect(router.getState().exitCode).toBeNull();
  });

  it('Esc goes back like q', async () => {
    const { stdin, lastFrame } = await renderApp(unknownRoute('not-a-screen'));
    expect(lastFrame()).toContain('not-a-screen screen is not built yet');
    await press(stdin, 'esc');
    expect(lastFrame()).toContain('Leases, locks and fencing tokens');
  });

  it('q on home quits with 0; the Quit entry too', async () => {
    const a = await renderApp();
    await press(a.stdin, 'q');
    expect(a.router.getState().exitCode).toBe(0);
    cleanup();
    const b = await renderApp();
    // Wherever Quit is (entries are added above it), down to it and enter.
    const quit = HOME_ENTRIES.findIndex((e) => e.route === null);
    await press(b.stdin, ...Array<string>(quit).fill('down'), 'enter');
    expect(b.router.getState().exitCode).toBe(0);
  });

  it('Ctrl-C quits with 130 from any screen', async () => {
    const { stdin, router } = await renderApp(unknownRoute('not-a-screen'));
    await press(stdin, 'ctrl-c');
    expect(router.getState().exitCode).toBe(130);
  });

  it('a Ctrl-C guard may claim the first Ctrl-C', async () => {
    const { stdin, router } = await renderApp();
    let asked = 0;
    router.getState().setCtrlCGuard(() => {
      asked += 1;
      return asked === 1;
    });
    await press(stdin, 'ctrl-c');
    expect(router.getState().exitCode).toBeNull();
    await press(stdin, 'ctrl-c');
    expect(router.getState().exitCode).toBe(130);
  });

  it('? opens help generated from the keymap, and keys do not reach the screen beneath', async () => {
    const { stdin, lastFrame, router } = await renderApp();
    await press(stdin, '?');
    const frame = lastFrame() ?? '';
    expect(frame).toContain('Keys (? or q to close)');
    expect(frame).toContain('open the highlighted entry');
    expect(frame).toContain('go back (closes a panel first; quits from home)');
    await press(stdin, 'enter');
    expect(router.getState().stack).toHaveLength(1);
    await press(stdin, 'q');
    expect(lastFrame()).toContain('❯ 1 Continue');
    expect(router.getState().exitCode).toBeNull();
  });

  it('while a screen part captures keys, q and ? go to it but Ctrl-C still quits', async () => {
    const { stdin, router } = await renderApp(unknownRoute('not-a-screen'));
    router.getState().setCaptureKeys(true);
    await press(stdin, 'q', '?');
    expect(router.getState().stack.at(-1)).toEqual(unknownRoute('not-a-screen'));
    expect(router.getState().helpOpen).toBe(false);
    await press(stdin, 'ctrl-c');
    expect(router.getState().exitCode).toBe(130);
  });

  it('works at 80x24 and stays shorter than the terminal', async () => {
    const { lastFrame } = await renderApp({ screen: 'home' }, { size: { columns: 80, rows: 24 } });
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines.length).toBeLessThan(24);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(80);
    expect(lastFrame()).toContain('Simulator');
  });

  it('below 80x24 says how big a terminal it needs, and reflows when resized', async () => {
    const { stdout, lastFrame } = await renderApp({ screen: 'home' }, { size: { columns: 70, rows: 20 } });
    expect(lastFrame()).toContain('needs a terminal of at least 80x24; this one is 70x20');
    await setTerminalSize(stdout, 100, 30);
    expect(lastFrame()).not.toContain('needs a terminal');
    expect(lastFrame()).toContain('Simulator');
  });

  it('ASCII mode uses no Unicode symbols or box drawing', async () => {
    const { lastFrame } = await renderApp({ screen: 'home' }, { display: { ascii: true } });
    const frame = lastFrame() ?? '';
    expect(frame).toContain('> 1 Continue');
    expect(frame).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('with colour off no escape sequences reach the frame', async () => {
    const { lastFrame } = await renderApp();
    expect(lastFrame()).not.toContain('\u001b[');
  });
});
