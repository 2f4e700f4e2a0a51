/**
 * What the learner's code printed: the first lines, neutralised, and one
 * line saying more came (a report must not pass a cut print for all of it).
 */
import { describe, expect, it } from 'vitest';
import { captureOutput, MAX_OUTPUT_LINES, OUTPUT_CUT_NOTE } from '../../src/exercises/captured-output.js';

describe('captureOutput', () => {
  it('keeps everything under the limit, escape sequences removed, and adds no note', () => {
    const out: string[] = [];
    captureOutput(out, 'one \x1b[31mred\x1b[0m');
    captureOutput(out, 'two\nthree');
    expect(out).toEqual(['one red', 'two', 'three']);
  });

  it('past the limit: the first lines, then the note once, however much more comes', () => {
    const out: string[] = [];
    for (let i = 0; i < 100; i++) captureOutput(out, `line ${i}`);
    captureOutput(out, 'a\nb\nc');
    expect(out).toHaveLength(MAX_OUTPUT_LINES + 1);
    expect(out[0]).toBe('line 0');
    expect(out[MAX_OUTPUT_LINES - 1]).toBe(`line ${MAX_OUTPUT_LINES - 1}`);
    expect(out[MAX_OUTPUT_LINES]).toBe(OUTPUT_CUT_NOTE);
    expect(OUTPUT_CUT_NOTE).toMatch(/more output not shown: only the first 40 lines/);
  });

  it('exactly the limit is not cut', () => {
    const out: string[] = [];
    captureOutput(out, Array.from({ length: MAX_OUTPUT_LINES }, (_, i) => `l${i}`).join('\n'));
    expect(out).toHaveLength(MAX_OUTPUT_LINES);
    expect(out).not.toContain(OUTPUT_CUT_NOTE);
  });
});
