/**
 * Display modes on the screens a person would check first: under --ascii
 * (or LANG=C) the lists draw the theme's pointer, not a Unicode
 * '❯'; and whatever a screen draws, the frames the app writes under --ascii
 * pass through foldToAscii, which also catches Ink's own '…' at a cut line.
 */
import { PassThrough } from 'node:stream';
import { Box, render } from 'ink';
import { cleanup } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { foldToAscii } from '../../src/render/ascii-fold.js';
import { asciiOnly } from '../../src/ui/ascii-output.js';
import { Text } from '../../src/ui/components/text.js';
import { press, renderApp, waitForFrame } from '../helpers/ink.js';

afterEach(() => cleanup());

const ASCII_ONLY = /^[\x20-\x7e\n]*$/;

describe('--ascii on the Lessons screen', () => {
  it("marks the focused lesson with '>' (the theme's pointer), not the list library's '❯'", async () => {
    const { lastFrame } = await renderApp({ screen: 'lessons' }, { display: { ascii: true }, size: { columns: 80, rows: 24 } });
    const frame = await waitForFrame(lastFrame, 'The stale holder');
    // The focused row is the last lesson read (progress may be shared with other test files): any row will do.
    expect(frame).toMatch(/^ *> \d+\.\s+\S/m);
    expect(frame).not.toContain('❯');
    expect(frame).toMatch(ASCII_ONLY);
  });
});

describe('foldToAscii', () => {
  it('leaves ASCII (escape sequences included) as it is', () => {
    const frame = '\u001b[1mLessons\u001b[22m\n > 1. The stale holder\n';
    expect(foldToAscii(frame)).toBe(frame);
  });

  it('gives every glyph an ASCII stand-in of its own width, so columns still line up', () => {
    expect(foldToAscii('Steps (7) · You may: change …')).toBe('Steps (7) . You may: change ~');
    expect(foldToAscii('┌─┬─┐│✓ ✗│└─┴─┘')).toBe('+-+-+|+ x|+-+-+');
    expect(foldToAscii('t=0 → ▶ ⠋')).toBe('t=0 > > ?');
    // Two cells wide in, two cells out; a combining mark takes no cell.
    expect(foldToAscii('漢a')).toBe('??a');
    expect(foldToAscii('e\u0301')).toBe('e');
    expect(foldToAscii('😀')).toBe('??');
  });
});

describe('asciiOnly', () => {
  it("folds what Ink writes, including its '…' where a truncated line is cut", async () => {
    const stream = Object.assign(new PassThrough(), { columns: 40, rows: 10, isTTY: false });
    let written = '';
    stream.on('data', (chunk: Buffer) => {
      written += chunk.toString('utf8');
    });
    const app = render(
      createElement(Box, { width: 20 }, createElement(Text, { wrap: 'truncate' }, 'You may: add, remove or change pause, resume, write steps')),
      { stdout: asciiOnly(stream) as unknown as NodeJS.WriteStream, patchConsole: false, debug: true },
    );
    app.unmount();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toContain('You may: add, remov~');
    expect(written).not.toMatch(/[^\x00-\x7f]/);
  });
});

describe('--narrate draws no decoration a screen reader would read out', () => {
  it('Home has no frame, and its entries are still there to choose', async () => {
    const { lastFrame } = await renderApp({ screen: 'home' }, { display: { narrate: true }, size: { columns: 80, rows: 24 } });
    const frame = lastFrame() ?? '';
    expect(frame).toMatch(/1 Continue/);
    expect(frame).toMatch(/2 Lessons/);
    expect(frame).not.toMatch(/[╭╮╰╯│─+|]/);
  });

  it("the quiz's rules across the screen are blank", async () => {
    const { stdin, lastFrame } = await renderApp({ screen: 'quiz' }, { display: { narrate: true }, size: { columns: 80, rows: 24 } });
    await waitForFrame(lastFrame, 'Practice');
    await press(stdin, 'enter');
    const frame = await waitForFrame(lastFrame, 'question 1 of');
    expect(frame).not.toMatch(/─{3}/);
  });
});

describe('a terminal too small (40x12, 60x20)', () => {
  it('says so in lines that start at the margin and fit the width', async () => {
    for (const size of [
      { columns: 40, rows: 12 },
      { columns: 60, rows: 20 },
    ]) {
      const { lastFrame } = await renderApp({ screen: 'home' }, { size });
      const lines = (lastFrame() ?? '').split('\n').filter((l) => l.trim() !== '');
      expect(lines.join(' ')).toContain(`needs a terminal of at least 80x24; this one is ${size.columns}x${size.rows}`);
      for (const line of lines) {
        expect(line, line).not.toMatch(/^\s/);
        expect(line.length, line).toBeLessThanOrEqual(size.columns);
      }
    }
  });
});
