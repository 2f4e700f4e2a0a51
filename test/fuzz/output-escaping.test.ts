/**
 * The two places every command's text passes through on its way out: JSON
 * documents and problem lines. Whatever a string holds, neither lets a raw
 * control character through, and JSON keeps the data exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toJson } from '../../src/cli/json-output.js';
import { formatProblem } from '../../src/content/shared/problems.js';

// Controls, and the bidi and other invisible format characters (Cf) and line separators.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/u;

describe('output escaping', () => {
  it('toJson: any string round-trips exactly and no raw control character is written', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 10 }), (value, key) => {
        const text = toJson({ [key]: value, list: [value] }, 2);
        expect(RAW_CONTROL.test(text)).toBe(false);
        expect(JSON.parse(text)).toEqual({ [key]: value, list: [value] });
      }),
      { numRuns: 500 },
    );
  });

  it('toJson: bidi controls and invisible characters are escaped, the data unchanged', () => {
    const value = 'a\u202eb\u2066c\u200bd\u{e0041}e\u2028f';
    const text = toJson({ value });
    expect(text).toContain('a\\u202eb\\u2066c\\u200bd\\udb40\\udc41e\\u2028f');
    expect(JSON.parse(text)).toEqual({ value });
  });

  it('formatProblem: one line, no escape sequence or control character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.nat(), (message, fix, line) => {
        const text = formatProblem({ file: 'x.yaml', line, message: `\u001b[2J${message}\u001b]0;t\u0007`, fix: `\u009b1m${fix}` });
        expect(RAW_CONTROL.test(text)).toBe(false);
        expect(text).not.toContain('\n');
        expect(text.startsWith(line > 0 ? `x.yaml:${line}: ` : 'x.yaml: ')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
