import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/sha256.js';

describe('sha256Hex', () => {
  it('gives the digest node:crypto gives, at every padding boundary and for non-ASCII text', () => {
    const texts = ['', 'abc', 'é漢🙂', 'x'.repeat(1000)];
    for (let n = 50; n <= 130; n++) texts.push('a'.repeat(n));
    for (const text of texts) expect(sha256Hex(text), `${text.length} chars`).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('matches the FIPS 180-4 example for "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
