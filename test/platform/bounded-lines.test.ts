import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { onBoundedLines } from '../../src/platform/bounded-lines.js';

function collect(chunks: string[], max: number): Promise<string[]> {
  const stream = new PassThrough();
  const lines: string[] = [];
  onBoundedLines(stream, max, (l) => lines.push(l));
  return new Promise((resolve) => {
    stream.on('end', () => resolve(lines));
    for (const c of chunks) stream.write(Buffer.from(c));
    stream.end();
  });
}

describe('onBoundedLines (issue 38, D6)', () => {
  it('splits lines across chunks as readline does', async () => {
    expect(await collect(['a\nb', 'c\n', 'd'], 100)).toEqual(['a', 'bc', 'd']);
  });

  it('a line far over the bound keeps its first and last parts and the count of what was dropped', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const lines = await collect([`START${chunk}`, ...Array(160).fill(chunk), `${chunk}END\nnext\n`], 10_000);
    const total = 5 + 162 * chunk.length + 3;
    expect(lines).toHaveLength(2);
    const [long] = lines;
    expect(long!.startsWith('STARTxxx')).toBe(true);
    expect(long!.endsWith('xxEND')).toBe(true);
    expect(long!.length).toBeLessThan(5000);
    const dropped = Number(/\[(\d+) characters dropped\]/.exec(long!)![1]);
    expect(dropped + 4000).toBe(total);
    expect(lines[1]).toBe('next');
  });
});
