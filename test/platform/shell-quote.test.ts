import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/platform/shell-quote.js';

describe('shellQuote', () => {
  it('leaves a plain path bare', () => {
    expect(shellQuote('/home/ada/.local/share/fence-tutor/lab/run-1/sink.sqlite')).toBe('/home/ada/.local/share/fence-tutor/lab/run-1/sink.sqlite');
  });

  it('quotes spaces, quotes and shell characters so sh reads back the same word', () => {
    for (const word of ['/Users/ada/Library/Application Support/fence-tutor/sink.sqlite', "it's", 'a$b`c`;d&e|f', '*', '']) {
      const quoted = shellQuote(word);
      expect(quoted).not.toBe(word === '' ? '' : word);
      expect(execFileSync('sh', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' })).toBe(word);
    }
  });
});
